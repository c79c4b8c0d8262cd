import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  ChangeSignals,
  InProcessBus,
  OUTBOX_CHANNEL,
  OutboxMessage,
  OutboxMigration,
  OutboxNotifyMigration,
  OutboxRelay,
  enqueueEvents,
  openDatabase,
  type Database,
  type DeliveredMessage,
} from '../src/index.ts';
import { createTestDatabase, eventually, testLogger } from '../src/testing.ts';

const logger = testLogger('change-signals');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Postgres only: PGlite runs in one process, where writers wake their readers directly. */
describe('change signals (Postgres LISTEN/NOTIFY)', () => {
  let database: { url: string; drop: () => Promise<void> };
  /** Two processes' worth of ORM on one database: the one that writes, the one that relays. */
  let writer: Database;
  let relaying: Database;
  let signals: ChangeSignals;
  let wakes = 0;

  const enqueue = (key: string) =>
    writer.em.fork().transactional(async (em) => {
      enqueueEvents(em, [{ topic: 'catalog.components.changed', key, value: new TextEncoder().encode(key), headers: { 'event-id': key } }]);
      await em.flush();
    });

  beforeEach(async () => {
    database = await createTestDatabase('signals');
    const settings = { url: database.url, entities: [OutboxMessage], migrations: [OutboxMigration, OutboxNotifyMigration], logger };
    writer = await openDatabase(settings);
    relaying = await openDatabase(settings);
    wakes = 0;
    signals = new ChangeSignals(database.url, logger);
    signals.on(OUTBOX_CHANNEL, () => {
      wakes += 1;
    });
  });

  afterEach(async () => {
    await signals.close();
    await writer.close();
    await relaying.close();
    await database.drop();
  });

  it("wakes another process's relay when a transaction that enqueued events commits, long before its poll", async () => {
    const bus = new InProcessBus({ logger });
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      groupId: 'test',
      topics: ['catalog.components.changed'],
      handler: (message) => {
        received.push(message);
        return Promise.resolve();
      },
    });
    const relay = new OutboxRelay({ orm: relaying, bus, logger, pollIntervalMs: 60_000 });
    signals.on(OUTBOX_CHANNEL, () => {
      relay.nudge();
    });
    relay.start();
    signals.start();
    // Listening: its first wake covers whatever was raised before it listened.
    await eventually(() => (wakes > 0 ? true : undefined), 10_000, 'listening');
    await sleep(200);
    try {
      await enqueue('p1');
      await eventually(() => (received.length === 1 ? true : undefined), 5_000, 'the event published on the signal, not the 60 s poll');
    } finally {
      await relay.close();
      await bus.close();
    }
  });

  it('says nothing before the commit, nor for a transaction that rolled back', async () => {
    signals.start();
    await eventually(() => (wakes > 0 ? true : undefined), 10_000, 'listening');
    await sleep(200);
    wakes = 0;
    await expect(
      writer.em.fork().transactional(async (em) => {
        enqueueEvents(em, [{ topic: 'catalog.components.changed', key: 'gone', value: new Uint8Array([1]), headers: {} }]);
        await em.flush();
        await sleep(300);
        expect(wakes).toBe(0);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await sleep(300);
    expect(wakes).toBe(0);
    await enqueue('kept');
    await eventually(() => (wakes === 1 ? true : undefined), 5_000, 'one wake for the committed transaction');
  });

  it('listens again after its connection is cut, and wakes once for what it may have missed', async () => {
    signals.start();
    await eventually(() => (wakes > 0 ? true : undefined), 10_000, 'listening');
    await sleep(200);
    wakes = 0;
    await writer.em.fork().execute(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`);
    await eventually(() => (wakes === 1 ? true : undefined), 10_000, 'the wake after reconnecting');
    await sleep(200);
    await enqueue('after');
    await eventually(() => (wakes === 2 ? true : undefined), 5_000, 'a wake on the new connection');
  });
});
