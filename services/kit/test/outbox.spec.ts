import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  InProcessBus,
  OutboxMessage,
  OutboxMigration,
  OutboxRelay,
  enqueueEvents,
  nudgeAfterCommit,
  openDatabase,
  type Database,
  type DeliveredMessage,
  type EventBus,
  type OutgoingMessage,
} from '../src/index.ts';
import { createTestDatabase, testLogger } from '../src/testing.ts';

const logger = testLogger('outbox');

interface Store {
  name: string;
  open(): Promise<{ orm: Database; close: () => Promise<void> }>;
}

const postgres: Store = {
  name: 'postgres',
  open: async () => {
    const database = await createTestDatabase('outbox');
    const orm = await openDatabase({ url: database.url, entities: [OutboxMessage], migrations: [OutboxMigration], logger });
    return {
      orm,
      close: async () => {
        await orm.close();
        await database.drop();
      },
    };
  },
};

const pglite: Store = {
  name: 'pglite',
  open: async () => {
    const orm = await openDatabase({ entities: [OutboxMessage], migrations: [OutboxMigration], logger });
    return { orm, close: () => orm.close() };
  },
};

/** A real in-process bus whose publish can be made to fail, as a broker outage would. */
class OutageBus extends InProcessBus {
  down = false;
  /** Refuses a publish whose values add up to more than this, as a broker refuses a record batch over message.max.bytes. */
  maxBatchBytes = Infinity;
  attempts = 0;
  override publish(messages: OutgoingMessage[]): Promise<void> {
    this.attempts += 1;
    if (this.down) return Promise.reject(new Error('broker unavailable'));
    const bytes = messages.reduce((sum, message) => sum + message.value.byteLength, 0);
    if (bytes > this.maxBatchBytes)
      return Promise.reject(new Error(`The request included a message larger than the max message size the server will accept (${String(bytes)} bytes)`));
    return super.publish(messages);
  }
}

const event = (key: string, i: number): OutgoingMessage => ({
  topic: 'changes',
  key,
  value: Buffer.from(`${key}:${i}`),
  headers: { 'event-id': `${key}-${i}` },
});
const text = (message: DeliveredMessage): string => Buffer.from(message.value).toString();

describe.each([postgres, pglite])('transactional outbox on $name', (store) => {
  let orm: Database;
  let close: () => Promise<void>;
  let bus: OutageBus;
  let received: DeliveredMessage[];

  beforeEach(async () => {
    ({ orm, close } = await store.open());
    bus = new OutageBus({ logger });
    received = [];
    await bus.subscribe({
      groupId: 'reader',
      topics: ['changes'],
      handler: (message) => {
        received.push(message);
        return Promise.resolve();
      },
    });
  });
  afterEach(async () => {
    await bus.close();
    await close();
  });

  const pending = async (): Promise<number> => {
    const [row] = await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from outbox_message where sent_at is null');
    return Number(row?.n);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  /** Waits until `count` messages arrived or `waitMs` passed; the test then says what arrived. */
  const receivedAtLeast = async (count: number, waitMs: number): Promise<void> => {
    for (const deadline = Date.now() + waitMs; received.length < count && Date.now() < deadline;) await settle();
  };

  it('publishes what a committed transaction enqueued, in order, and marks it sent', async () => {
    await orm.em.fork().transactional(async (em) => {
      enqueueEvents(em, [event('p1', 0), event('p1', 1), event('p2', 0)]);
      await Promise.resolve();
    });
    const relay = new OutboxRelay({ orm, bus, logger });
    expect(await relay.drain()).toBe(3);
    await settle();
    expect(received.map(text).sort()).toEqual(['p1:0', 'p1:1', 'p2:0']);
    expect(received.filter((message) => message.key === 'p1').map(text)).toEqual(['p1:0', 'p1:1']);
    expect(received.find((message) => text(message) === 'p2:0')?.headers).toEqual({ 'event-id': 'p2-0' });
    expect(await pending()).toBe(0);
    expect(await relay.drain()).toBe(0);
  });

  it('publishes nothing for a transaction that rolled back', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        enqueueEvents(em, [event('gone', 0)]);
        await em.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await new OutboxRelay({ orm, bus, logger }).drain()).toBe(0);
    const [row] = await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from outbox_message');
    expect(Number(row?.n)).toBe(0);
  });

  it('keeps events through a broker outage and publishes them once it is back', async () => {
    await orm.em.fork().transactional((em) => {
      enqueueEvents(em, [event('o', 0), event('o', 1)]);
    });
    const relay = new OutboxRelay({ orm, bus, logger });
    bus.down = true;
    await expect(relay.drain()).rejects.toThrow('broker unavailable');
    expect(await pending()).toBe(2);
    bus.down = false;
    expect(await relay.drain()).toBe(2);
    await settle();
    expect(received.map(text)).toEqual(['o:0', 'o:1']);
  });

  it('runs several relays at once without publishing a row twice or a key out of order', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => `key-${i}`);
    for (let round = 0; round < 4; round++) {
      await orm.em.fork().transactional((em) => {
        enqueueEvents(
          em,
          keys.flatMap((key) => Array.from({ length: 5 }, (_, i) => event(key, round * 5 + i))),
        );
      });
    }
    const relays = [1, 2, 3].map(() => new OutboxRelay({ orm, bus, logger, batchSize: 7 }));
    const sent = await Promise.all(relays.map((relay) => relay.drain()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(200);
    await settle();
    expect(received).toHaveLength(200);
    expect(new Set(received.map((message) => message.headers['event-id'])).size).toBe(200);
    for (const key of keys) {
      expect(received.filter((message) => message.key === key).map(text)).toEqual(Array.from({ length: 20 }, (_, i) => `${key}:${i}`));
    }
  });

  it("splits a backlog of large events into batches a broker accepts (Kafka's default message.max.bytes is 1 MiB)", async () => {
    bus.maxBatchBytes = 1024 * 1024;
    const large = (i: number): OutgoingMessage => ({ ...event('big', i), value: Buffer.alloc(20 * 1024, i) });
    await orm.em.fork().transactional((em) => {
      enqueueEvents(
        em,
        Array.from({ length: 60 }, (_, i) => large(i)),
      );
    });
    expect(await new OutboxRelay({ orm, bus, logger }).drain()).toBe(60);
    await settle();
    expect(received.map((message) => message.value[0])).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(await pending()).toBe(0);
  });

  it('publishes in the background after a nudge', async () => {
    const relay = new OutboxRelay({ orm, bus, logger, pollIntervalMs: 60_000 });
    relay.start();
    try {
      await orm.em.fork().transactional((em) => {
        enqueueEvents(em, [event('bg', 0)]);
      });
      relay.nudge();
      await receivedAtLeast(1, 10_000);
      expect(received.map(text)).toEqual(['bg:0']);
    } finally {
      await relay.close();
    }
  });

  it('keeps to its back-off while the broker is down, however often it is nudged', async () => {
    const relay = new OutboxRelay({ orm, bus, logger, pollIntervalMs: 60_000 });
    bus.down = true;
    await orm.em.fork().transactional((em) => {
      enqueueEvents(em, [event('waits', 0)]);
    });
    relay.start();
    try {
      for (let nudge = 0; nudge < 40; nudge += 1) {
        relay.nudge();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // 40 nudges over ~400 ms: the first try and back-offs of 125-250, 250-500, 500-1000 ms… give
      // 3 tries (6 even if a loaded machine stretched it to 3.8 s), a relay woken by each one 40.
      expect(bus.attempts).toBeLessThanOrEqual(6);
      bus.down = false;
      await receivedAtLeast(1, 15_000);
      expect(received.map(text)).toEqual(['waits:0']);
    } finally {
      await relay.close();
    }
  });

  it('is woken by the commit of a transaction that stored events, not by one that stored none or rolled back', async () => {
    const relay = new OutboxRelay({ orm, bus, logger, pollIntervalMs: 60_000 });
    let nudges = 0;
    nudgeAfterCommit(orm, () => {
      nudges += 1;
      relay.nudge();
    });
    relay.start();
    try {
      await orm.em.fork().transactional(async (em) => {
        await em.execute('select 1');
      });
      await expect(
        orm.em.fork().transactional(async (em) => {
          enqueueEvents(em, [event('rolled-back', 0)]);
          await em.flush();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(nudges).toBe(0);
      await orm.em.fork().transactional((em) => {
        enqueueEvents(em, [event('woken', 0), event('woken', 1)]);
      });
      expect(nudges).toBe(1);
      // Published long before the 60 s poll would have found it.
      await receivedAtLeast(2, 10_000);
      expect(received.map(text)).toEqual(['woken:0', 'woken:1']);
    } finally {
      await relay.close();
    }
  });
});

// The bus type is what services hold; the outage subclass must still be one.
const _isBus: EventBus = new OutageBus({ logger });
void _isBus.close();
