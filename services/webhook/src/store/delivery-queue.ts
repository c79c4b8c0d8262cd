import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';
import { PING_EVENT } from '../domain/envelope.ts';

// The queue the workers drain: fan-out inserts, claims under leases, settlements, re-queues.

/** Raised when deliveries are queued (migration 20261126010000): every replica's worker claims at once. */
export const DELIVERIES_QUEUED_CHANNEL = 'boardsync_deliveries';

/** Serializes claims across replicas for the length of one claim, so the per-endpoint bound counts every replica's leases. */
const CLAIM_LOCK = 7_310_001;
/** How many of the oldest due rows one claim looks at when spreading its picks over endpoints. */
const CLAIM_WINDOW = 500;

/** A delivery leased to this worker, with its webhook as it is now (the re-check spec §6 asks for). */
export interface ClaimedDelivery {
  id: string;
  webhookId: number;
  event: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  secret: string;
  isActive: boolean;
  /** The lease it was claimed under, as Postgres wrote it: what a hand-back or an extension must still find. */
  leasedUntil: string;
  traceparent: string | null;
}

/** A delivery this worker holds, and the lease it holds it under. */
export interface HeldLease {
  id: string;
  leasedUntil: string;
}

export const heldLease = ({ id, leasedUntil }: { id: string; leasedUntil: string }): HeldLease => ({ id, leasedUntil });

interface ClaimedRow {
  id: string;
  webhook_id: number;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  is_active: boolean;
  leased_until: string;
  traceparent: string | null;
}

export interface ClaimLimits {
  limit: number;
  perEndpoint: number;
  leaseMs: number;
}

/**
 * Leases up to `limit` due deliveries for `leaseMs`, oldest due first (then in queued order),
 * never letting one webhook have more than `perEndpoint` leased at once (counting every replica's
 * leases). A row another transaction holds is skipped, not waited for; a lease that ran out (its
 * worker died mid-send) makes the row due again, so a delivery is sent at least once. Runs in the
 * caller's transaction (`tx`), which must end soon: the claim lock is held until it does.
 */
export async function claimDueDeliveries(tx: EntityManager, { limit, perEndpoint, leaseMs }: ClaimLimits): Promise<ClaimedDelivery[]> {
  await executeBound(tx, 'select pg_advisory_xact_lock(?::bigint)', [CLAIM_LOCK]);
  // `busy`: live leases per webhook, from `delivery_leased` (only leased rows are in it). The window
  // of candidates, oldest due first: unleased due rows from `delivery_due` (only those are in it),
  // webhooks at their bound left out before the window is cut, and rows whose lease ran out (their
  // worker died), from the head of `delivery_leased`. The state and lease conditions are repeated
  // in `picked`, the level that locks: Postgres re-checks that level's conditions on a row that
  // changed between the statement's snapshot and the lock (settled or claimed meanwhile); only the
  // first `limit` picks are locked, so one skipped there leaves this claim short, not stuck. The
  // parts are materialized so that the plan stays this one whatever the statistics say (a plan
  // made on the counts of a small table ran a nested loop over a burst of due rows: 1.1 s).
  // Bound, so its text never changes with the limits (prepared on both backends).
  const rows = await executeBound<ClaimedRow>(
    tx,
    `with busy as materialized (
       select webhook_id, count(*)::int as leased from delivery
        where state = 'pending' and leased_until > now()
        group by webhook_id
     ),
     due as materialized (
       select c.id, c.webhook_id, c.next_attempt_at, c.queued_seq from (
         (select d.id, d.webhook_id, d.next_attempt_at, d.queued_seq from delivery d
           where d.state = 'pending' and d.leased_until is null and d.next_attempt_at <= now()
             and d.webhook_id <> all (array(select webhook_id from busy where leased >= ?::int))
           order by d.next_attempt_at, d.queued_seq
           limit ${String(CLAIM_WINDOW)})
         union all
         select d.id, d.webhook_id, d.next_attempt_at, d.queued_seq from delivery d
          where d.state = 'pending' and d.leased_until <= now() and d.next_attempt_at <= now()
       ) c
       order by c.next_attempt_at, c.queued_seq
       limit ${String(CLAIM_WINDOW)}
     ),
     ranked as materialized (
       select d.id, d.next_attempt_at, d.queued_seq,
              coalesce(b.leased, 0) + row_number() over (partition by d.webhook_id order by d.next_attempt_at, d.queued_seq) as slot
         from due d left join busy b on b.webhook_id = d.webhook_id
     ),
     picked as (
       select d.id
         from (select id, next_attempt_at, queued_seq from ranked where slot <= ?::int order by next_attempt_at, queued_seq limit ?::int) r
         join delivery d on d.id = r.id
        where d.state = 'pending' and d.next_attempt_at <= now() and (d.leased_until is null or d.leased_until <= now())
        order by r.next_attempt_at, r.queued_seq
        for update of d skip locked
     )
     update delivery d set leased_until = clock_timestamp() + (?::int * interval '1 millisecond')
       from picked, webhook w
      where d.id = picked.id and w.id = d.webhook_id
     returning d.id, d.webhook_id, d.event, d.body, d.attempts, w.url, w.secret, w.is_active, d.leased_until::text as leased_until, d.traceparent`,
    [perEndpoint, perEndpoint, limit, leaseMs],
  );
  return rows.map((row): ClaimedDelivery => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    body: row.body,
    attempts: row.attempts,
    url: row.url,
    secret: row.secret,
    isActive: row.is_active,
    leasedUntil: row.leased_until,
    traceparent: row.traceparent,
  }));
}

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

/** Fails a delivery without an attempt (its webhook is inactive: spec §3, no more deliveries). */
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
  event: string;
  body: string;
  state: 'succeeded' | 'failed';
}

/** Records a {@link SettledDelivery}. */
export async function insertSettledDelivery(tx: EntityManager, delivery: SettledDelivery): Promise<void> {
  await tx.execute(`insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at) values (?, ?, ?, ?, ?, 1, null)`, [
    delivery.id,
    delivery.webhookId,
    delivery.event,
    delivery.body,
    delivery.state,
  ]);
}
