import type { Logger } from '../logger.ts';
import { backoffDelay, sleep } from './backoff.ts';
import type { DeliveredMessage, MessageHandler } from './port.ts';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 200, maxDelayMs: 30_000 };

/**
 * Runs the handler until it succeeds or the subscription stops. Nothing is skipped: a message that
 * keeps failing holds back its partition (and is logged each time) rather than being lost.
 * Returns false when stopped before success, so the caller leaves the message unacknowledged.
 */
export async function handleWithRetry(
  message: Omit<DeliveredMessage, 'attempt'>,
  handler: MessageHandler,
  options: { logger: Logger; retry: RetryPolicy; stopped: AbortSignal; beforeRetry?: () => Promise<void> },
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (options.stopped.aborted) return false;
    try {
      await handler({ ...message, attempt });
      return true;
    } catch (error) {
      const delay = backoffDelay(attempt, options.retry.baseDelayMs, options.retry.maxDelayMs);
      options.logger.warn(
        { err: error, topic: message.topic, partition: message.partition, offset: message.offset, attempt, retryInMs: delay },
        'event handler failed; will redeliver',
      );
      await sleep(delay, options.stopped);
      await options.beforeRetry?.();
    }
  }
}
