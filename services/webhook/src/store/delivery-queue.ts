import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';
import { PING_EVENT } from '../domain/envelope.ts';
import type { HeldLease } from './delivery-claim.ts';

// The queue the workers drain, beside its claim (delivery-claim.ts): leases lengthened and handed back, settlements, re-queues.

/** Raised when deliveries are queued (migration 20261126010000): every replica's worker claims at once. */
export const DELIVERIES_QUEUED_CHANNEL = 'boardsync_deliveries';

/**
 * Whether any delivery is due and unleased: the rows a claim would consider, less its per-endpoint
 * bound. When none is, a claim would find nothing, and needs neither the claim lock nor its plan.
 */
export async function anyDue(em: EntityManager): Promise<boolean> {
  const [found] = await em.execute<{ due: boolean }[]>(
    `select exists (select 1 from delivery where state = 'pending' and leased_until is null and next_attempt_at <= now())
         or exists (select 1 from delivery where state = 'pending' and leased_until <= now() and next_attempt_at <= now()) as due`,
  );
  return found?.due === true;
}

/**
 * Lengthens to `leaseMs` from now the leases of deliveries whose sends are running. Only a lease
 * still as it was claimed is lengthened: one recorded meanwhile has none (and must not be held up
 * as it waits for a retry), one claimed again elsewhere after it ran out is no longer this one's.
 */
export async function extendLeases(tx: EntityManager, held: readonly HeldLease[], leaseMs: number): Promise<void> {
  if (held.length === 0) return;
  await executeBound(
    tx,
    `update delivery d set leased_until = clock_timestamp() + (? * interval '1 millisecond')
       from unnest(?::uuid[], ?::timestamptz[]) as h(id, lease)
      where d.id = h.id and d.state = 'pending' and d.leased_until = h.lease`,
    [leaseMs, arrayLiteral(held.map(({ id }) => id)), arrayLiteral(held.map(({ leasedUntil }) => leasedUntil))],
  );
}

/** Hands deliveries back unsent, due again at once for any worker, if their leases are still the ones they were claimed under. */
export async function releaseLeases(em: EntityManager, held: readonly HeldLease[]): Promise<void> {
  if (held.length === 0) return;
  await executeBound(
    em,
    `update delivery d set leased_until = null
       from unnest(?::uuid[], ?::timestamptz[]) as h(id, lease)
      where d.id = h.id and d.state = 'pending' and d.leased_until = h.lease`,
    [arrayLiteral(held.map(({ id }) => id)), arrayLiteral(held.map(({ leasedUntil }) => leasedUntil))],
  );
}

/**
 * Refreshes the planner's statistics of the queue. The claim's plan depends on them, and a burst of
 * fan-out outruns autovacuum's analyze (a minute apart at best): a claim planned on the counts of
 * a small table while it holds thousands of due rows took 0.9–1.3 s instead of ~6 ms (EXPLAIN
 * ANALYZE, 2,000 due rows on statistics of 200).
 */
export async function refreshQueueStatistics(em: EntityManager): Promise<void> {
  await em.execute('analyze delivery');
}

/** Fails a delivery without an attempt (its webhook is inactive: docs/rules.md "States and transitions", no more deliveries). */
export async function abandonDelivery(em: EntityManager, id: string): Promise<void> {
  await em.execute(`update delivery set state = 'failed', next_attempt_at = null, leased_until = null, updated_at = now() where id = ? and state = 'pending'`, [
    id,
  ]);
}

/** Fails every delivery still queued for a webhook that was just deactivated. */
export async function abandonPendingDeliveries(tx: EntityManager, webhookId: number): Promise<number> {
  const rows = await tx.execute<{ id: string }[]>(
    `update delivery set state = 'failed', next_attempt_at = null, leased_until = null, updated_at = now()
      where webhook_id = ? and state = 'pending' returning id`,
    [webhookId],
  );
  return rows.length;
}

/** What re-queuing one delivery did. */
export type Requeued = { kind: 'requeued' } | { kind: 'in_progress' } | { kind: 'absent' };

/**
 * Starts a new attempt series for one delivery of a webhook: pending, due now, no attempts yet,
 * no lease (same id and body, so receivers dedupe it as before). A delivery a worker holds a
 * live lease on is left alone (`in_progress`): its attempt is being made.
 */
export async function requeueDelivery(tx: EntityManager, webhookId: number, deliveryId: string): Promise<Requeued> {
  const rows = await tx.execute<{ id: string }[]>(
    `update delivery set state = 'pending', attempts = 0, next_attempt_at = now(), leased_until = null, updated_at = now()
      where id = ? and webhook_id = ? and not (state = 'pending' and leased_until is not null and leased_until > now())
      returning id`,
    [deliveryId, webhookId],
  );
  if (rows.length > 0) return { kind: 'requeued' };
  const [exists] = await tx.execute<{ id: string }[]>('select id from delivery where id = ? and webhook_id = ?', [deliveryId, webhookId]);
  return exists ? { kind: 'in_progress' } : { kind: 'absent' };
}

/**
 * Re-queues every failed delivery of a webhook created in [since, until), as {@link requeueDelivery}
 * does one; returns how many. Pings are not events and are never re-queued.
 */
export async function requeueFailedDeliveries(tx: EntityManager, webhookId: number, since: Date, until: Date): Promise<number> {
  const rows = await tx.execute<{ id: string }[]>(
    `update delivery set state = 'pending', attempts = 0, next_attempt_at = now(), leased_until = null, updated_at = now()
      where webhook_id = ? and state = 'failed' and event <> ? and created_at >= ?::timestamptz and created_at < ?::timestamptz
      returning id`,
    [webhookId, PING_EVENT, since.toISOString(), until.toISOString()],
  );
  return rows.length;
}

/** A delivery already attempted once and settled (a ping: never queued, never retried). */
export interface SettledDelivery {
  id: string;
  webhookId: number;
  designerId: number;
  event: string;
  body: string;
  state: 'succeeded' | 'failed';
}

/** Records a {@link SettledDelivery}. */
export async function insertSettledDelivery(tx: EntityManager, delivery: SettledDelivery): Promise<void> {
  await tx.execute(`insert into delivery (id, webhook_id, designer_id, event, body, state, attempts, next_attempt_at) values (?, ?, ?, ?, ?, ?, 1, null)`, [
    delivery.id,
    delivery.webhookId,
    delivery.designerId,
    delivery.event,
    delivery.body,
    delivery.state,
  ]);
}
