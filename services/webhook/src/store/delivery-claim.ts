import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';

// Claiming due deliveries under leases, fairly between designers: what a worker takes, and what it holds.

/** Serializes claims across replicas for the length of one claim, so the per-endpoint bound counts every replica's leases. */
const CLAIM_LOCK = 7_310_001;
/** How many designers with queued deliveries one claim visits, from a random one on, round the ring of their ids. */
const DESIGNERS_PER_CLAIM = 64;

/** A delivery leased to this worker, with its webhook as it is now (the re-check docs/rules.md "Delivery" asks for). */
export interface ClaimedDelivery {
  id: string;
  webhookId: number;
  /** The webhook's designer: whose share of the send slots this delivery takes. */
  designerId: number;
  event: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  secret: string;
  isActive: boolean;
  /** The consent its webhook was registered under: checked before each send (consent-standing.ts). */
  registrant: string;
  /** The lease it was claimed under, as Postgres wrote it: what a hand-back or an extension must still find. */
  leasedUntil: string;
  traceparent: string | null;
  /** How long it had been due when it was claimed (the database's clock). */
  dueForMs: number;
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
  designer_id: number;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  is_active: boolean;
  registrant: string;
  leased_until: string;
  traceparent: string | null;
  due_for_ms: number;
}

/** What the claiming worker holds for one designer (sending or claimed ahead) and the most it may hold. */
export interface DesignerHolding {
  designerId: number;
  held: number;
  cap: number;
}

export interface ClaimLimits {
  limit: number;
  perEndpoint: number;
  /** The most a designer not in `holdings` may have claimed by this worker at once. */
  perDesigner: number;
  /** The designers this worker holds deliveries of, or whose cap is not `perDesigner`. */
  holdings: readonly DesignerHolding[];
  leaseMs: number;
}

/**
 * Leases up to `limit` due deliveries for `leaseMs`, fairly between designers: a claim visits up to
 * DESIGNERS_PER_CLAIM designers with queued deliveries (all of them, when there are no more than
 * that; else a run of them from a random one), takes from each its oldest due rows, and picks round
 * the designers — each one's first row before anyone's second, the designers this worker holds
 * fewest of first, then oldest due first — so one designer's backlog never stands in front of
 * another's delivery. A designer gets no more than its cap (less what the worker holds of it); a
 * webhook never more than `perEndpoint` leased at once (counting every replica's leases), its rows in
 * their due order. A row another transaction holds is skipped, not waited for; a lease that ran out
 * (its worker died) makes the row due again, so a delivery is sent at least once. Runs in the
 * caller's transaction (`tx`), which must end soon: the claim lock is held until it does.
 */
export async function claimDueDeliveries(tx: EntityManager, limits: ClaimLimits): Promise<ClaimedDelivery[]> {
  const { limit, perEndpoint, perDesigner, holdings, leaseMs } = limits;
  await executeBound(tx, 'select pg_advisory_xact_lock(?::bigint)', [CLAIM_LOCK]);
  // `busy`: live leases per webhook, from `delivery_leased` (only leased rows are in it).
  // `designer_round`: the designers with unleased pending rows, one descent of
  // `delivery_due_by_designer` each, from a random id in their range up, then from the lowest up to
  // it. `open_designers`: those of them with a due row and room under their cap, each given a fair part of
  // the limit; `due`: their oldest due rows, plus rows whose lease ran out (their worker died), from
  // the head of `delivery_leased`. Rows are ranked per webhook, then what fits per designer is
  // picked round the designers. The state and lease conditions are repeated in `picked`, the level
  // that locks: Postgres re-checks that level's conditions on a row that changed between the
  // statement's snapshot and the lock (settled or claimed meanwhile); only the first `limit` picks
  // are locked, so one skipped there leaves this claim short, not stuck. The parts are materialized
  // so that the plan stays this one whatever the statistics say (a plan made on the counts of a
  // small table ran a nested loop over a burst of due rows: 1.1 s). Bound, so its text never
  // changes with the limits (prepared on both backends).
  const rows = await executeBound<ClaimedRow>(
    tx,
    `with recursive busy as materialized (
       select webhook_id, count(*)::int as leased from delivery
        where state = 'pending' and leased_until > now()
        group by webhook_id
     ),
     mine as materialized (
       select * from unnest(?::int[], ?::int[], ?::int[]) as m(designer_id, held, cap)
     ),
     span as materialized (
       select lo, lo + floor(random() * (hi - lo + 1))::int as start from (
         select min(designer_id) as lo, max(designer_id) as hi from delivery where state = 'pending' and leased_until is null
       ) b
     ),
     designer_round (designer_id, wrapped, n) as (
       (select (select d.designer_id from delivery d
                 where d.state = 'pending' and d.leased_until is null and d.designer_id >= s.start
                 order by d.designer_id limit 1), false, 1
          from span s
        union all
        select s.lo, true, 1 from span s where s.lo < s.start)
       union all
       select (select d.designer_id from delivery d
                where d.state = 'pending' and d.leased_until is null and d.designer_id > r.designer_id
                  and (not r.wrapped or d.designer_id < s.start)
                order by d.designer_id limit 1), r.wrapped, r.n + 1
         from designer_round r, span s
        where r.designer_id is not null and r.n < ${String(DESIGNERS_PER_CLAIM)}
     ),
     visited as materialized (
       select designer_id from designer_round where designer_id is not null order by wrapped, designer_id limit ${String(DESIGNERS_PER_CLAIM)}
     ),
     open_designers as materialized (
       select v.designer_id, coalesce(m.cap, ?::int) - coalesce(m.held, 0) as room
         from visited v left join mine m on m.designer_id = v.designer_id
        where coalesce(m.held, 0) < coalesce(m.cap, ?::int)
          and exists (select 1 from delivery d
                       where d.designer_id = v.designer_id and d.state = 'pending' and d.leased_until is null and d.next_attempt_at <= now())
     ),
     due as materialized (
       select c.id, c.webhook_id, c.designer_id, c.next_attempt_at, c.queued_seq
         from open_designers o cross join lateral (
           select d.id, d.webhook_id, d.designer_id, d.next_attempt_at, d.queued_seq from delivery d
            where d.designer_id = o.designer_id and d.state = 'pending' and d.leased_until is null and d.next_attempt_at <= now()
              and d.webhook_id <> all (array(select webhook_id from busy where leased >= ?::int))
            order by d.next_attempt_at, d.queued_seq
            limit least(o.room, ceil(?::int::numeric / (select count(*) from open_designers))::int)
         ) c
       union all
       select d.id, d.webhook_id, d.designer_id, d.next_attempt_at, d.queued_seq from delivery d
        where d.state = 'pending' and d.leased_until <= now() and d.next_attempt_at <= now()
     ),
     fits_endpoint as materialized (
       select c.id, c.designer_id, c.next_attempt_at, c.queued_seq from (
         select d.*, coalesce(b.leased, 0) + row_number() over (partition by d.webhook_id order by d.next_attempt_at, d.queued_seq) as slot
           from due d left join busy b on b.webhook_id = d.webhook_id
       ) c
        where c.slot <= ?::int
     ),
     ranked as materialized (
       select f.id, f.next_attempt_at, f.queued_seq, coalesce(m.cap, ?::int) as cap,
              coalesce(m.held, 0) + row_number() over (partition by f.designer_id order by f.next_attempt_at, f.queued_seq) as slot
         from fits_endpoint f left join mine m on m.designer_id = f.designer_id
     ),
     picked as (
       select d.id
         from (select id, slot, next_attempt_at, queued_seq from ranked where slot <= cap order by slot, next_attempt_at, queued_seq limit ?::int) r
         join delivery d on d.id = r.id
        where d.state = 'pending' and d.next_attempt_at <= now() and (d.leased_until is null or d.leased_until <= now())
        order by r.slot, r.next_attempt_at, r.queued_seq
        for update of d skip locked
     )
     update delivery d set leased_until = clock_timestamp() + (?::int * interval '1 millisecond')
       from picked, webhook w
      where d.id = picked.id and w.id = d.webhook_id
     returning d.id, d.webhook_id, w.designer_id, d.event, d.body, d.attempts, w.url, w.secret, w.is_active, w.registrant,
               d.leased_until::text as leased_until, d.traceparent,
               (extract(epoch from clock_timestamp() - d.next_attempt_at) * 1000)::float8 as due_for_ms`,
    [
      arrayLiteral(holdings.map(({ designerId }) => designerId)),
      arrayLiteral(holdings.map(({ held }) => held)),
      arrayLiteral(holdings.map(({ cap }) => cap)),
      perDesigner,
      perDesigner,
      perEndpoint,
      limit,
      perEndpoint,
      perDesigner,
      limit,
      leaseMs,
    ],
  );
  return rows.map((row): ClaimedDelivery => ({
    id: row.id,
    webhookId: row.webhook_id,
    designerId: row.designer_id,
    event: row.event,
    body: row.body,
    attempts: row.attempts,
    url: row.url,
    secret: row.secret,
    isActive: row.is_active,
    registrant: row.registrant,
    leasedUntil: row.leased_until,
    traceparent: row.traceparent,
    dueForMs: Math.max(0, row.due_for_ms),
  }));
}
