import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { periodicTask } from '../periodic-task.ts';
import type { Worker } from '../service-parts.ts';
import { dropExpiredIdempotencyRecords } from './idempotency-records.ts';

/** Deletes the Idempotency-Key records past their time, a minute after start and every ten minutes (a claim replaces only its own key's). */
export function idempotencyKeyForgetter(orm: Database, logger: Logger, ttlHours: number): Worker {
  return periodicTask({
    name: 'idempotency key expiry',
    firstAfterMs: 60_000,
    everyMs: 10 * 60_000,
    run: () => dropExpiredIdempotencyRecords(orm.em.fork(), ttlHours),
    logger,
  });
}
