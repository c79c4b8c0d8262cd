import type { Logger } from './logger.ts';
import type { Worker } from './service-parts.ts';

export interface PeriodicTaskOptions {
  /** What the logs call it. */
  name: string;
  firstAfterMs: number;
  everyMs: number;
  /** One run; what it returns is logged when it is not 0 (how much it did). */
  run: () => Promise<number>;
  logger: Logger;
}

/**
 * Housekeeping on a timer (pruning what retention let go): once after `firstAfterMs`, then every
 * `everyMs` after the previous run ended, so runs never overlap; a failed run is logged and the
 * next one tries again. Closing waits for a run under way.
 */
export function periodicTask({ name, firstAfterMs, everyMs, run, logger }: PeriodicTaskOptions): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const schedule = (afterMs: number): void => {
    if (closed) return;
    timer = setTimeout(runNow, afterMs);
    timer.unref();
  };
  const runNow = (): void => {
    timer = undefined;
    running = run()
      .then((done) => {
        if (done > 0) logger.info({ task: name, done }, `${name}: done`);
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, task: name }, `${name} failed; will try again`);
      })
      .finally(() => {
        running = undefined;
        schedule(everyMs);
      });
  };
  return {
    name,
    start: () => {
      if (timer === undefined && running === undefined) schedule(firstAfterMs);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
