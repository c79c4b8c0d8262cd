import { periodicTask, type Database, type Logger, type Worker } from '@boardsync/kit';
import { pruneChanges } from '../store/change-log.ts';

/** Deletes the changes retention let go, a minute after start and every ten minutes. */
export function changePruner(orm: Database, logger: Logger, retentionMs: number): Worker {
  return periodicTask({
    name: 'changes feed pruning',
    firstAfterMs: 60_000,
    everyMs: 10 * 60_000,
    run: () => pruneChanges(orm.em.fork(), new Date(Date.now() - retentionMs)),
    logger,
  });
}
