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

export interface AttemptBookkeeping extends FailureState {
  /** The status the endpoint answered with; null when it gave no (complete) answer. */
  lastStatus: number | null;
  succeeded: boolean;
}

/**
 * Spec §2/§3: `last_status` (the status the endpoint last answered with: a timeout or a refused
 * connection leaves it), `consecutive_failures`, `is_active`, and `last_delivered_at` on a success.
 * A deleted webhook is no error.
 */
export async function recordWebhookAttempt(tx: EntityManager, webhookId: number, state: AttemptBookkeeping): Promise<void> {
  await tx.execute(
    `update webhook set last_status = coalesce(?, last_status), consecutive_failures = ?, is_active = ?${state.succeeded ? ', last_delivered_at = now()' : ''} where id = ?`,
    [state.lastStatus, state.consecutiveFailures, state.isActive, webhookId],
  );
}
