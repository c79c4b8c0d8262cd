import type { EntityManager } from '@mikro-orm/sql';
import type { FailureState } from '../domain/retry-schedule.ts';

/**
 * A webhook's failure count and activity, locked until the transaction ends so attempts finishing
 * together count one after the other; null when it was deleted. `for no key update`: fan-out's
 * inserts (which only key-share the row) are not held up, a delete is.
 */
export async function lockFailureState(tx: EntityManager, webhookId: number): Promise<FailureState | null> {
  const rows = await tx.execute<{ consecutive_failures: number; is_active: boolean }[]>(
    'select consecutive_failures, is_active from webhook where id = ? for no key update',
    [webhookId],
  );
  const row = rows[0];
  return row ? { consecutiveFailures: row.consecutive_failures, isActive: row.is_active } : null;
}
