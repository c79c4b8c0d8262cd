import { randomInt } from 'node:crypto';
import type { EventBus } from '../bus/port.ts';
import { backoffDelay, sleep } from '../bus/backoff.ts';
import type { Database } from '../db/database.ts';
import { executeBound } from '../db/bound.ts';
import { arrayLiteral } from '../db/placeholders.ts';
import { publishTraced } from './traced-publish.ts';
import type { Logger } from '../logger.ts';
import { WakeSignal } from '../wake-signal.ts';
import { OUTBOX_LANES } from './lanes.ts';

export interface OutboxRelayOptions {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /**
   * Payload bytes one publish may carry. Kept well under Kafka's default message.max.bytes (1 MiB),
   * which bounds a partition's record batch: a backlog of large events for one key, sent in one
   * batch, would be refused by the broker again at every retry and stall the lane for good.
   */
  maxBatchBytes?: number;
  /** How often to look for work when nobody nudged (events from another process, a restart). */
  pollIntervalMs?: number;
  /** Sent rows older than this are deleted now and then. */
  retainSentMs?: number;
  /** Told how many rows each committed publish sent (the service's `boardsync_outbox_published_total`). */
  onPublished?: (rows: number) => void;
}

interface PendingRow {
  id: string | number;
  topic: string;
  message_key: string;
  payload: Buffer | Uint8Array;
  headers: Record<string, string> | string;
}

/**
 * Publishes outbox rows in id order per lane, then marks them sent, in one transaction that holds
 * the lane's row lock (`FOR UPDATE SKIP LOCKED`): relays in other replicas take other lanes
 * instead of waiting or publishing the same rows. A crash between publish and commit re-publishes
 * on the next pass, so consumers dedupe on event id (at least once, never lost).
 */
export class OutboxRelay {
  private readonly options: Required<OutboxRelayOptions>;
  private readonly stop = new AbortController();
  private readonly wake = new WakeSignal();
  private loop: Promise<void> | undefined;
  private lastCleanup = 0;

  constructor(options: OutboxRelayOptions) {
    this.options = {
      batchSize: 200,
      maxBatchBytes: 512 * 1024,
      pollIntervalMs: 500,
      retainSentMs: 7 * 24 * 3600_000,
      onPublished: () => undefined,
      ...options,
    };
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Call after committing a transaction that enqueued events: publish now instead of at the next poll. */
  nudge(): void {
    this.wake.nudge();
  }

  /** Another process may have stored events (a Postgres notification): look now, asking first whether anything is pending. */
  hint(): void {
    this.wake.hint();
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.loop;
  }

  /**
   * Publishes everything pending that no other relay is publishing; returns how many rows it sent.
   * `surelyPending` (a commit that stored events nudged it): the first pass goes straight to the
   * lanes; every other pass first asks whether anything is pending at all.
   */
  async drain(surelyPending = false): Promise<number> {
    let total = 0;
    for (let pass = 0; ; pass++) {
      const sent = await this.publishOneBatch(!(surelyPending && pass === 0));
      if (sent === undefined) return total;
      // After the commit: a publish rolled back (the relay died mid-way) is published again, and counted then.
      if (sent > 0) this.options.onPublished(sent);
      total += sent;
    }
  }

  private async run(): Promise<void> {
    const logger = this.options.logger.child({ component: 'outbox-relay' });
    let failures = 0;
    while (!this.stop.signal.aborted) {
      try {
        const { nudged } = this.wake.take();
        const sent = await this.drain(nudged);
        if (sent > 0) logger.debug({ sent }, 'outbox published');
        failures = 0;
        await this.cleanupNowAndThen();
        await this.wake.wait(this.options.pollIntervalMs, { signal: this.stop.signal });
      } catch (error) {
        failures++;
        const delay = backoffDelay(failures, 250, 10_000);
        logger.warn({ err: error, retryInMs: delay }, 'outbox publish failed; will retry');
        // Not cut short by nudges: with the broker down, every commit would otherwise be another failed publish.
        await sleep(delay, this.stop.signal);
      }
    }
  }

  /**
   * Rows sent from one lane, or undefined when no lane has pending rows that another relay is not
   * holding. `probe`: nothing pending (the end of every drain, every idle poll) is found by one
   * read of the pending rows' index, without a transaction nor the lane lock.
   */
  private async publishOneBatch(probe: boolean): Promise<number | undefined> {
    const { orm, bus, batchSize, maxBatchBytes } = this.options;
    if (probe) {
      const [found] = await executeBound<{ pending: boolean }>(
        orm.em.fork(),
        'select exists (select 1 from outbox_message where sent_at is null) as pending',
        [],
      );
      if (!found?.pending) return undefined;
    }
    // Bound, not inlined: each statement's text is the same every pass (embedded, PGlite keeps it prepared).
    return orm.em.fork().transactional(async (em) => {
      const start = randomInt(OUTBOX_LANES); // replicas start at different lanes
      const lanes = await executeBound<{ lane: number }>(
        em,
        `select l.lane from outbox_lane l
          where exists (select 1 from outbox_message m where m.lane = l.lane and m.sent_at is null)
          order by (l.lane + ?::int) % ${String(OUTBOX_LANES)}
          limit 1
          for update of l skip locked`,
        [start],
      );
      const lane = lanes[0]?.lane;
      if (lane === undefined) return undefined;
      const rows = withinBytes(
        await executeBound<PendingRow>(
          em,
          `select id, topic, message_key, payload, headers from outbox_message
            where lane = ?::int and sent_at is null order by id limit ?::int`,
          [lane, batchSize],
        ),
        maxBatchBytes,
      );
      // Another relay may have emptied this lane between our look and our lock.
      if (rows.length === 0) return 0;
      await publishTraced(
        bus,
        rows.map((row) => ({
          topic: row.topic,
          key: row.message_key,
          value: new Uint8Array(row.payload),
          headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
        })),
      );
      await executeBound(em, 'update outbox_message set sent_at = now() where id = any(?::bigint[])', [arrayLiteral(rows.map((row) => String(row.id)))]);
      return rows.length;
    });
  }

  private async cleanupNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 3600_000) return;
    this.lastCleanup = now;
    await this.options.orm.em
      .fork()
      .execute(`delete from outbox_message where sent_at is not null and sent_at < now() - (? * interval '1 millisecond')`, [this.options.retainSentMs]);
  }
}

/** The first rows, in order, whose payloads fit the budget; always at least one (an event larger than the budget goes alone). */
function withinBytes(rows: PendingRow[], budget: number): PendingRow[] {
  let bytes = 0;
  const taken: PendingRow[] = [];
  for (const row of rows) {
    bytes += row.payload.byteLength;
    if (taken.length > 0 && bytes > budget) break;
    taken.push(row);
  }
  return taken;
}
