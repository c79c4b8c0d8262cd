import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
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

/**
 * {@link lockFailureState} for several webhooks at once, locked in id order (the order every
 * batch takes them, so two batches never deadlock); a deleted webhook is absent from the map.
 */
export async function lockFailureStates(tx: EntityManager, webhookIds: readonly number[]): Promise<Map<number, FailureState>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await tx.execute<{ id: number; consecutive_failures: number; is_active: boolean }[]>(
    'select id, consecutive_failures, is_active from webhook where id = any(?::int[]) order by id for no key update',
    [arrayLiteral(webhookIds)],
  );
  return new Map(rows.map((row) => [row.id, { consecutiveFailures: row.consecutive_failures, isActive: row.is_active }]));
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
