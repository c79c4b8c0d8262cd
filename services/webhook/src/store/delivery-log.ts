import type { EntityManager } from '@mikro-orm/sql';
import type { DeliveryState } from './entities/delivery.ts';

// What the delivery log reads (beyond docs/rules.md; see the README), and the retention that prunes it.

/**
 * Deletes settled deliveries (their attempts go by cascade) and fan-out marks older than the
 * retention, `batchSize` rows per statement so no statement holds many locks for long; returns
 * how many deliveries went. Pending ones stay, whatever their age.
 */
export async function pruneDeliveries(em: EntityManager, retentionDays: number, batchSize = 1_000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await em.execute<{ id: string }[]>(
      // The conditions again outside the subquery: a row re-queued (redeliver, recover) while this waited for its lock is kept.
      `delete from delivery where id in (
         select id from delivery where state <> 'pending' and created_at < now() - (? * interval '1 day') limit ?
       ) and state <> 'pending' and created_at < now() - (? * interval '1 day') returning id`,
      [retentionDays, batchSize, retentionDays],
    );
    total += rows.length;
    if (rows.length < batchSize) break;
  }
  for (;;) {
    const rows = await em.execute<{ event_id: string }[]>(
      `delete from fanned_out_event where event_id in (
         select event_id from fanned_out_event where fanned_out_at < now() - (? * interval '1 day') limit ?
       ) returning event_id`,
      [retentionDays, batchSize],
    );
    if (rows.length < batchSize) break;
  }
  return total;
}

/** A delivery as the log shows it: its state and its latest attempt, without its body. */
export interface LoggedDelivery {
  id: string;
  event: string;
  state: DeliveryState;
  /** Attempts in the current series (a redelivery starts a new one at 0). */
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date | null;
  /** Leased by a worker right now: an attempt may be in flight. */
  inFlight: boolean;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastErrorClass: string | null;
}

export interface LoggedDeliveryWithBody extends LoggedDelivery {
  body: string;
}

interface LoggedRow {
  id: string;
  event: string;
  state: DeliveryState;
  attempts: number;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  in_flight: boolean;
  last_attempt_at: Date | string | null;
  last_status: number | null;
  last_error_class: string | null;
  body?: string;
}

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : dateOf(value));

function loggedDelivery(row: LoggedRow): LoggedDelivery {
  return {
    id: row.id,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    createdAt: dateOf(row.created_at),
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    inFlight: row.in_flight,
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastStatus: row.last_status,
    lastErrorClass: row.last_error_class,
  };
}

/** The log's columns of `delivery d`, with its latest attempt (`left join lateral … la`). */
const LOGGED_COLUMNS = `d.id, d.event, d.state, d.attempts, d.created_at, d.next_attempt_at,
  (d.state = 'pending' and d.leased_until is not null and d.leased_until > now()) as in_flight,
  la.attempted_at as last_attempt_at, la.status as last_status, la.error_class as last_error_class`;
const LATEST_ATTEMPT = `left join lateral (
    select a.attempted_at, a.status, a.error_class from delivery_attempt a where a.delivery_id = d.id order by a.id desc limit 1
  ) la on true`;

/** One page of a webhook's deliveries, newest first, optionally in one state; with how many there are in all. */
export async function listWebhookDeliveries(
  em: EntityManager,
  webhookId: number,
  { state, offset, limit }: { state?: DeliveryState | undefined; offset: number; limit: number },
): Promise<{ rows: LoggedDelivery[]; total: number }> {
  const filter = state === undefined ? '' : ' and d.state = ?';
  const filterParams = state === undefined ? [] : [state];
  const [counted] = await em.execute<{ total: number }[]>(`select count(*)::int as total from delivery d where d.webhook_id = ?${filter}`, [
    webhookId,
    ...filterParams,
  ]);
  const rows = await em.execute<LoggedRow[]>(
    `select ${LOGGED_COLUMNS} from delivery d ${LATEST_ATTEMPT}
      where d.webhook_id = ?${filter}
      order by d.created_at desc, d.id desc
      limit ? offset ?`,
    [webhookId, ...filterParams, limit, offset],
  );
  return { rows: rows.map(loggedDelivery), total: counted?.total ?? 0 };
}

/** One delivery of a webhook, with its body; null when absent or another webhook's. */
export async function findWebhookDelivery(em: EntityManager, webhookId: number, deliveryId: string): Promise<LoggedDeliveryWithBody | null> {
  const [row] = await em.execute<LoggedRow[]>(`select ${LOGGED_COLUMNS}, d.body from delivery d ${LATEST_ATTEMPT} where d.webhook_id = ? and d.id = ?`, [
    webhookId,
    deliveryId,
  ]);
  return row ? { ...loggedDelivery(row), body: row.body ?? '' } : null;
}
