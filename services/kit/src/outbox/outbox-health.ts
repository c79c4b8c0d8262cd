import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { ReadinessCheck } from '../http/health.ts';
import type { Logger } from '../logger.ts';
import { CachedReading } from '../cached-reading.ts';

/** `boardsync_outbox_pending_messages` counts up to this many: past it the outbox is plainly stalled, and counting further would read every row. */
export const PENDING_COUNT_CAP = 100_000;

/**
 * Seconds the oldest unsent event has waited, or 0 when nothing is pending. Each lane's head is one
 * probe of the pending index: ordering all pending rows by id instead walks the primary key through
 * every sent row still kept (7 days of them) before the first pending one.
 */
async function oldestPendingSeconds(orm: Database): Promise<number> {
  const [row] = await orm.em.fork().execute<{ age: string | number | null }[]>(
    `select extract(epoch from now() - min(head.created_at)) as age
       from outbox_lane l
       cross join lateral (select created_at from outbox_message where sent_at is null and lane = l.lane order by id limit 1) head`,
  );
  return Math.max(0, Number(row?.age ?? 0));
}

/** Unsent events, counted on the pending index and no further than PENDING_COUNT_CAP. */
async function pendingCount(orm: Database): Promise<number> {
  const [row] = await orm.em
    .fork()
    .execute<{ pending: string | number }[]>(
      `select count(*) as pending from (select 1 from outbox_message where sent_at is null limit ${PENDING_COUNT_CAP}) p`,
    );
  return Number(row?.pending ?? 0);
}

/**
 * Fails readiness when events stop leaving the outbox (a missing topic, a broker that refuses, a
 * relay that died): the writes still commit, so without this nobody would notice until a
 * webhook never arrives.
 */
export function outboxReadiness(orm: Database, stallSeconds = 60): ReadinessCheck {
  return async () => {
    const age = await oldestPendingSeconds(orm);
    if (age > stallSeconds) throw new Error(`outbox not draining: the oldest pending event is ${Math.round(age)} s old`);
  };
}

/**
 * The outbox's backlog, read from the database (the same in every pod) at most every 5 s whatever
 * the scrapers do: `boardsync_outbox_oldest_pending_seconds` and `boardsync_outbox_pending_messages`; and
 * `boardsync_outbox_published_total`, this pod's relay's share. Returns what the relay calls per publish.
 */
export function registerOutboxMetrics(registry: Registry, orm: Database, logger?: Logger): (rows: number) => void {
  const published = new Counter({
    name: 'boardsync_outbox_published_total',
    help: "Events this pod's outbox relay published (committed as sent)",
    registers: [registry],
  });
  const backlog = new CachedReading(async () => ({ age: await oldestPendingSeconds(orm), pending: await pendingCount(orm) }), {
    onError: (error) => {
      logger?.warn({ err: error }, 'reading the outbox backlog for metrics failed; the previous values are reported');
    },
  });
  new Gauge({
    name: 'boardsync_outbox_oldest_pending_seconds',
    help: 'Age of the oldest event not yet published from the outbox (0 when none is pending)',
    registers: [registry],
    async collect() {
      const read = await backlog.get();
      if (read) this.set(read.age);
    },
  });
  new Gauge({
    name: 'boardsync_outbox_pending_messages',
    help: `Events not yet published from the outbox, counted up to ${String(PENDING_COUNT_CAP)}`,
    registers: [registry],
    async collect() {
      const read = await backlog.get();
      if (read) this.set(read.pending);
    },
  });
  return (rows) => {
    published.inc(rows);
  };
}
