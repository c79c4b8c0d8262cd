import pg from 'pg';
import { backoffDelay, sleep } from '../bus/backoff.ts';
import type { Logger } from '../logger.ts';

/** Raised by a trigger on `outbox_message` (OutboxNotifyMigration): events are waiting to be published. */
export const OUTBOX_CHANNEL = 'boardsync_outbox';

const CONNECT_TIMEOUT_MS = 10_000;
/**
 * A connection that only listens never sends, so a peer gone without a word (a failover, a NAT
 * that forgot it) would go unnoticed: it asks something this often, and one unanswered in
 * CONNECT_TIMEOUT_MS counts as the connection lost.
 */
const PROBE_EVERY_MS = 30_000;
const RECONNECT_MAX_MS = 15_000;

/**
 * Postgres `LISTEN` on one connection of its own, so that another replica's commit wakes this
 * one's relay or worker at once rather than at its next poll. Postgres delivers a notification
 * only once the transaction that raised it has committed, and folds repeats within one. The polls
 * stay: a notification missed while this connection was down (or never sent) costs latency, not
 * work, and every reconnect wakes everyone once to cover the gap. Production mode only: embedded,
 * every writer is in this process and wakes its readers directly.
 */
export class ChangeSignals {
  private readonly url: string;
  private readonly logger: Logger;
  private readonly listeners = new Map<string, ((payload?: string) => void)[]>();
  private readonly stopped = new AbortController();
  /** Ends the current connection's wait (close, or a probe unanswered). */
  private lose: ((why: unknown) => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(url: string, logger: Logger) {
    this.url = url;
    this.logger = logger.child({ component: 'change-signals' });
  }

  /**
   * Calls `wake` on every notification on `channel` with its payload (register before start); with
   * none after a reconnect, when whatever was raised meanwhile went unheard.
   */
  on(channel: string, wake: (payload?: string) => void): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), wake]);
  }

  start(): void {
    if (this.listeners.size > 0) this.loop ??= this.run();
  }

  async close(): Promise<void> {
    this.stopped.abort();
    this.lose?.(new Error('closing'));
    await this.loop;
  }

  private async run(): Promise<void> {
    for (let failures = 0; !this.stopped.signal.aborted;) {
      try {
        const lost = await this.listenUntilLost();
        failures = 0;
        if (!this.closing) this.logger.warn({ err: lost }, 'change signals connection lost; reconnecting');
      } catch (error) {
        failures++;
        this.logger.warn({ err: error }, 'change signals could not listen; retrying');
      }
      await sleep(backoffDelay(Math.max(failures, 1), 250, RECONNECT_MAX_MS), this.stopped.signal);
    }
  }

  /** Connects and listens; resolves with why once the connection is gone. */
  private async listenUntilLost(): Promise<unknown> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: CONNECT_TIMEOUT_MS,
    });
    const lost = new Promise<unknown>((resolve) => {
      this.lose = resolve;
      client.on('error', resolve);
      client.on('end', () => {
        resolve(new Error('connection ended'));
      });
    });
    client.on('notification', ({ channel, payload }) => {
      this.wake(channel, payload === '' ? undefined : payload);
    });
    const probe = setInterval(() => {
      client.query('select 1').catch((error: unknown) => {
        this.lose?.(error);
      });
    }, PROBE_EVERY_MS);
    try {
      await client.connect();
      for (const channel of this.listeners.keys()) await client.query(`listen ${client.escapeIdentifier(channel)}`);
      // Whatever was raised while this connection was down went unheard.
      for (const channel of this.listeners.keys()) this.wake(channel);
      return await lost;
    } finally {
      clearInterval(probe);
      this.lose = undefined;
      // Not awaited: ending a connection whose peer is gone waits on a goodbye that never comes.
      void client.end().catch(() => undefined);
    }
  }

  private get closing(): boolean {
    return this.stopped.signal.aborted;
  }

  private wake(channel: string, payload?: string): void {
    for (const wake of this.listeners.get(channel) ?? []) wake(payload);
  }
}
