import { Gauge, type Registry } from 'prom-client';
import type { Database, Logger } from '@boardsync/kit';
import { CachedReading } from '@boardsync/kit/metrics';
import { failingReceivers, queueStatistics, QUEUE_COUNT_CAP } from '../store/queue-statistics.ts';

/**
 * The delivery queue and the receivers' health, read from the database (the same in every pod: use
 * `max`) at most every 5 s whatever the scrapers do, each from an index:
 * `boardsync_webhook_deliveries_pending`, `boardsync_webhook_delivery_oldest_due_seconds`, `boardsync_webhook_receivers_failing`
 * and `boardsync_webhook_failure_streak_max`. No label names a webhook: one series per receiver would grow
 * without bound with the tools that register them; a receiver is found with SQL (docs/operations.md).
 */
export function registerQueueMetrics(registry: Registry, orm: Database, logger: Logger): void {
  const onError = (error: unknown): void => {
    logger.warn({ err: error }, 'reading the delivery queue for metrics failed; the previous values are reported');
  };
  const queue = new CachedReading(() => queueStatistics(orm.em.fork()), { onError });
  const receivers = new CachedReading(() => failingReceivers(orm.em.fork()), { onError });
  const gauge = (name: string, help: string, read: () => Promise<number | undefined>): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = await read();
        if (value !== undefined) this.set(value);
      },
    });
  };
  gauge(
    'boardsync_webhook_deliveries_pending',
    `Deliveries not yet settled (due, waiting for a retry, or being sent), counted up to ${String(QUEUE_COUNT_CAP)}`,
    async () => (await queue.get())?.pending,
  );
  gauge(
    'boardsync_webhook_delivery_oldest_due_seconds',
    'How long the longest-waiting due delivery no worker holds has been due (0 when none)',
    async () => (await queue.get())?.oldestDueSeconds,
  );
  gauge(
    'boardsync_webhook_receivers_failing',
    'Active webhooks whose last attempt failed (one or more failures in a row)',
    async () => (await receivers.get())?.failing,
  );
  gauge(
    'boardsync_webhook_failure_streak_max',
    'The longest run of failed attempts in a row among active webhooks (0 when none is failing)',
    async () => (await receivers.get())?.longestStreak,
  );
}
