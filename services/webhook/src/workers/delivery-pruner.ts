import { periodicTask, type Logger, type Worker } from '@boardsync/kit';
import type { DeliveryQueue } from '../use-cases/delivery-queue.ts';

/** Prunes the queue of settled deliveries older than the retention (and their attempts), a minute after start and every ten minutes. */
export function deliveryPruner(queue: DeliveryQueue, logger: Logger, retentionDays: number): Worker {
  return periodicTask({
    name: 'delivery pruning',
    firstAfterMs: 60_000,
    everyMs: 10 * 60_000,
    run: () => queue.prune(retentionDays),
    logger,
  });
}
