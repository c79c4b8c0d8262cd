import type { Logger } from '../logger.ts';
import { backoffDelay, sleep } from './backoff.ts';

/**
 * Runs `attempt` until it succeeds or `stopped` aborts, waiting longer after each failure (up to
 * 15 s) and logging each one: for work that must happen eventually but must not hold up a start.
 */
export async function keepTrying(
  attempt: () => Promise<void>,
  options: { stopped: AbortSignal; logger: Logger; what: string; context?: Record<string, unknown> },
): Promise<void> {
  for (let tries = 1; !options.stopped.aborted; tries += 1) {
    try {
      await attempt();
      return;
    } catch (error) {
      const delayMs = backoffDelay(tries, 500, 15_000);
      options.logger.warn({ err: error, ...options.context, attempt: tries, delayMs }, `${options.what} failed; retrying`);
      await sleep(delayMs, options.stopped);
    }
  }
}
