import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { ReadinessCheck } from '../http/health.ts';

/** Seconds the oldest unsent event has waited, or 0 when nothing is pending. */
async function oldestPendingSeconds(orm: Database): Promise<number> {
  const [row] = await orm.em
    .fork()
    .execute<{ age: string | number | null }[]>(
      `select extract(epoch from now() - created_at) as age from outbox_message where sent_at is null order by id limit 1`,
    );
  return Math.max(0, Number(row?.age ?? 0));
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
 * `outbox_oldest_pending_seconds`, read from the database at each scrape (the same in every pod),
 * and `outbox_published_total`, this pod's relay's share; returns what the relay calls per publish.
 */
export function registerOutboxMetrics(registry: Registry, orm: Database): (rows: number) => void {
  const published = new Counter({
    name: 'outbox_published_total',
    help: "Events this pod's outbox relay published (committed as sent)",
    registers: [registry],
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest event not yet published from the outbox (0 when none is pending)',
    registers: [registry],
    async collect() {
      this.set(await oldestPendingSeconds(orm));
    },
  });
  return (rows) => {
    published.inc(rows);
  };
}
