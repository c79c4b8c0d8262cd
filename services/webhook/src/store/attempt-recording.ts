import type { EntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '@boardsync/kit';
import { executeBound } from '@boardsync/kit/database';
import type { FailureRuns, Settlement } from '../domain/retry-schedule.ts';
import type { AttemptRecord } from './delivery-attempts.ts';

/** One attempt to record: its delivery (claimed with `attemptsBefore` attempts), its settlement, and its log row. */
export interface AttemptRow extends AttemptRecord {
  webhookId: number;
  attemptsBefore: number;
  settlement: Settlement;
}

/** One webhook's share of the batch: its attempts' failure runs, and the status its endpoint last answered (null: no complete answer). */
export interface WebhookTally extends FailureRuns {
  webhookId: number;
  lastStatus: number | null;
}

export interface RecordedRows {
  /** Deliveries whose state the attempt set (the others were settled meanwhile, or are gone). */
  settled: Set<string>;
  /** Webhooks this batch deactivated. */
  deactivated: number[];
}

/**
 * Records a batch of attempts in one statement: locks their webhooks (in id order, as a webhook's
 * delete does: webhook, then its deliveries), settles each delivery (guarded by its attempt count
 * and state, so an attempt on a delivery settled meanwhile changes nothing), writes each attempt's
 * log row when its delivery still exists, and counts each webhook's failures from its tally
 * (docs/rules.md "States and transitions": `consecutive_failures`, `is_active`, `last_status`, `last_delivered_at`). Attempts of a
 * webhook deleted meanwhile leave nothing. (Postgres runs every data-modifying WITH part whether
 * or not it is read, so `logged` needs no reader.)
 */
export async function recordAttemptRows(
  tx: EntityManager,
  attempts: readonly AttemptRow[],
  tallies: readonly WebhookTally[],
  deactivateAfter: number,
): Promise<RecordedRows> {
  if (attempts.length === 0) return { settled: new Set(), deactivated: [] };
  const rows = await executeBound<{ kind: 'settled' | 'booked'; id: string; active: boolean | null; was_active: boolean | null }>(
    tx,
    `with hooks as (
       select id, is_active from webhook where id = any(?::int[]) order by id for no key update
     ),
     made as (
       select m.* from unnest(?::uuid[], ?::int[], ?::int[], ?::text[], ?::bigint[], ?::timestamptz[], ?::int[], ?::smallint[], ?::text[], ?::text[])
              with ordinality as m(id, webhook_id, attempts_before, state, retry_ms, attempted_at, duration_ms, status, error_class, excerpt, position)
        where m.webhook_id in (select id from hooks)
     ),
     settled as (
       update delivery d
          set state = m.state, attempts = d.attempts + 1, leased_until = null, updated_at = now(),
              next_attempt_at = case when m.state = 'pending' then now() + (m.retry_ms * interval '1 millisecond') end
         from made m
        where d.id = m.id and d.attempts = m.attempts_before and d.state = 'pending'
       returning d.id
     ),
     logged as (
       insert into delivery_attempt (delivery_id, attempted_at, duration_ms, status, error_class, response_excerpt)
       select m.id, m.attempted_at, m.duration_ms, m.status, m.error_class, m.excerpt from made m
        where exists (select 1 from delivery d where d.id = m.id)
        order by m.position
       returning delivery_id
     ),
     booked as (
       update webhook w
          set consecutive_failures = case when t.has_success then t.trailing_failures else w.consecutive_failures + t.leading_failures end,
              is_active = w.is_active and not (w.consecutive_failures + t.leading_failures >= ? or t.longest_later >= ?),
              inactive_reason = case when w.is_active and (w.consecutive_failures + t.leading_failures >= ? or t.longest_later >= ?)
                                     then 'failures' else w.inactive_reason end,
              last_status = coalesce(t.last_status, w.last_status),
              last_delivered_at = case when t.has_success then now() else w.last_delivered_at end
         from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::boolean[], ?::smallint[]) as t(id, leading_failures, trailing_failures, longest_later, has_success, last_status)
        where w.id = t.id and w.id in (select id from hooks)
       returning w.id, w.is_active
     )
     select 'settled' as kind, id::text as id, null::boolean as active, null::boolean as was_active from settled
     union all
     select 'booked', b.id::text, b.is_active, h.is_active from booked b join hooks h on h.id = b.id`,
    [
      arrayLiteral([...new Set(attempts.map((attempt) => attempt.webhookId))].sort((a, b) => a - b)),
      arrayLiteral(attempts.map((attempt) => attempt.deliveryId)),
      arrayLiteral(attempts.map((attempt) => attempt.webhookId)),
      arrayLiteral(attempts.map((attempt) => attempt.attemptsBefore)),
      arrayLiteral(attempts.map((attempt) => attempt.settlement.state)),
      arrayLiteral(attempts.map(({ settlement }) => (settlement.state === 'pending' ? settlement.retryInMs : null))),
      arrayLiteral(attempts.map((attempt) => attempt.attemptedAt.toISOString())),
      arrayLiteral(attempts.map((attempt) => attempt.durationMs)),
      arrayLiteral(attempts.map((attempt) => attempt.status)),
      arrayLiteral(attempts.map((attempt) => attempt.errorClass)),
      arrayLiteral(attempts.map((attempt) => attempt.responseExcerpt)),
      deactivateAfter,
      deactivateAfter,
      deactivateAfter,
      deactivateAfter,
      arrayLiteral(tallies.map((tally) => tally.webhookId)),
      arrayLiteral(tallies.map((tally) => tally.leading)),
      arrayLiteral(tallies.map((tally) => tally.trailing)),
      arrayLiteral(tallies.map((tally) => tally.longestLater)),
      arrayLiteral(tallies.map((tally) => String(tally.hasSuccess))),
      arrayLiteral(tallies.map((tally) => tally.lastStatus)),
    ],
  );
  return {
    settled: new Set(rows.filter((row) => row.kind === 'settled').map((row) => row.id)),
    deactivated: rows.filter((row) => row.kind === 'booked' && row.was_active === true && row.active === false).map((row) => Number(row.id)),
  };
}
