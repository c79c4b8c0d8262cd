import type { Logger } from '../logger.ts';
import { backoffDelay, sleep } from './backoff.ts';
import type { BatchHandler, DeliveredMessage, MessageHandler } from './port.ts';
import { handleTraced } from './traced-handling.ts';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 200, maxDelayMs: 30_000 };

/**
 * Runs the handler until it succeeds or the subscription stops. Nothing is skipped: a message that
 * keeps failing holds back its partition (and is logged each time) rather than being lost.
 * Returns false when stopped before success, so the caller leaves the message unacknowledged.
 * (`offset` in the log is the first of a batch, `count` its size.)
 */
export async function handleWithRetry(message: Omit<DeliveredMessage, 'attempt'>, handler: MessageHandler, options: RetryOptions): Promise<boolean> {
  return retryUntilHandled(
    (attempt) => handleTraced([{ ...message, attempt }], options.group, ([traced]) => handler(traced ?? { ...message, attempt })),
    message,
    options,
  );
}

/** The same for a batch (of one partition, in order): the whole batch is handed over again after a failure. */
export async function handleBatchWithRetry(
  messages: readonly Omit<DeliveredMessage, 'attempt'>[],
  handler: BatchHandler,
  options: RetryOptions,
): Promise<boolean> {
  const [first] = messages;
  if (first === undefined) return true;
  return retryUntilHandled(
    (attempt) =>
      handleTraced(
        messages.map((message) => ({ ...message, attempt })),
        options.group,
        handler,
      ),
    { ...first, count: messages.length },
    options,
  );
}

interface RetryOptions {
  logger: Logger;
  /** The consumer group, for the handler's span. */
  group?: string;
  retry: RetryPolicy;
  stopped: AbortSignal;
  beforeRetry?: () => Promise<void>;
}

async function retryUntilHandled(
  run: (attempt: number) => Promise<void>,
  { topic, partition, offset, count }: { topic: string; partition: number; offset: string; count?: number },
  options: RetryOptions,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (options.stopped.aborted) return false;
    try {
      await run(attempt);
      return true;
    } catch (error) {
      const delay = backoffDelay(attempt, options.retry.baseDelayMs, options.retry.maxDelayMs);
      options.logger.warn({ err: error, topic, partition, offset, count, attempt, retryInMs: delay }, 'event handler failed; will redeliver');
      await sleep(delay, options.stopped);
      await options.beforeRetry?.();
    }
  }
}
