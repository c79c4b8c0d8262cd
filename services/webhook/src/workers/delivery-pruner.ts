import { periodicTask, type Database, type Logger, type Worker } from '@boardsync/kit';
import { pruneDeliveries } from '../store/delivery-log.ts';

/** Deletes settled deliveries older than the retention (and their attempts), a minute after start and every ten minutes. */
export function deliveryPruner(orm: Database, logger: Logger, retentionDays: number): Worker {
  return periodicTask({
    name: 'delivery pruning',
    firstAfterMs: 60_000,
    everyMs: 10 * 60_000,
    run: () => pruneDeliveries(orm.em.fork(), retentionDays),
    logger,
  });
}
