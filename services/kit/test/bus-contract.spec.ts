import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DeliveredMessage, EventBus, Subscription } from '../src/index.ts';
import { eventually, uniqueName } from '../src/testing.ts';
import { inProcessAdapter, kafkaAdapter, kafkaOverSaslSslAdapter, type BusWorld } from './support/bus-fixtures.ts';

const text = (message: DeliveredMessage): string => Buffer.from(message.value).toString();
const encode = (value: string): Uint8Array => Buffer.from(value);

describe.each([kafkaAdapter, kafkaOverSaslSslAdapter, inProcessAdapter])('event bus contract: $name', (adapter) => {
  let world: BusWorld;
  let topic: string;
  const subscriptions: Subscription[] = [];

  beforeEach(async () => {
    world = await adapter.open();
    topic = uniqueName('topic');
    await world.bus.ensureTopics([topic]);
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    await world.close();
  });

  async function collect(bus: EventBus, groupId: string, onMessage?: (message: DeliveredMessage) => void): Promise<DeliveredMessage[]> {
    const seen: DeliveredMessage[] = [];
    subscriptions.push(
      await bus.subscribe({
        groupId,
        topics: [topic],
        handler: (message) => {
          onMessage?.(message);
          seen.push(message);
          return Promise.resolve();
        },
      }),
    );
    return seen;
  }

  function publishSeries(keys: string[], perKey: number): Promise<void> {
    const messages = [];
    for (let i = 0; i < perKey; i++) for (const key of keys) messages.push({ topic, key, value: encode(`${key}:${i}`) });
    return world.bus.publish(messages);
  }

  it('delivers every message at least once, in order per key, with its key and headers', async () => {
    const seen = await collect(world.bus, 'g1');
    await world.bus.publish([{ topic, key: 'k0', value: encode('hello'), headers: { 'event-id': 'e-1' } }]);
    await publishSeries(['a', 'b', 'c'], 10);
    await eventually(() => (new Set(seen.map(text)).size === 31 ? true : undefined), 30_000, 'all 31 messages');
    expect(seen.find((message) => text(message) === 'hello')).toMatchObject({ key: 'k0', headers: { 'event-id': 'e-1' }, topic });
    for (const key of ['a', 'b', 'c']) {
      const firstSeen = [...new Set(seen.filter((message) => message.key === key).map(text))];
      expect(firstSeen).toEqual(Array.from({ length: 10 }, (_, i) => `${key}:${i}`));
    }
  });

  it('gives each consumer group its own copy', async () => {
    const first = await collect(world.bus, 'g-first');
    const second = await collect(world.bus, 'g-second');
    await publishSeries(['x', 'y'], 5);
    await eventually(() => (new Set(first.map(text)).size === 10 && new Set(second.map(text)).size === 10 ? true : undefined), 30_000, 'both groups');
  });

  it('shares a group across two instances, each key owned by one of them', async () => {
    const byInstance: DeliveredMessage[][] = [await collect(world.bus, 'shared')];
    byInstance.push(await collect(world.instance(), 'shared'));
    const keys = Array.from({ length: 12 }, (_, i) => `key-${i}`);
    // A rebalance may still be settling just after the second join; publish until both have work.
    await eventually(
      async () => {
        await publishSeries(keys, 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return byInstance.every((seen) => seen.length > 0) ? true : undefined;
      },
      45_000,
      'both instances to receive messages',
    );
    const allSeen = new Set(byInstance.flat().map(text));
    for (const key of keys) expect(allSeen.has(`${key}:0`)).toBe(true);
    const [a = new Set<string>(), b = new Set<string>()] = byInstance.map((seen) => new Set(seen.map((message) => message.key)));
    const sharedKeys = [...a].filter((key) => b.has(key));
    // Only a rebalance hands a key over; with no rebalance after the first round, ownership is exclusive.
    expect(sharedKeys.length).toBeLessThan(keys.length);
  });

  it('redelivers a message whose handler threw, and holds back its key until it succeeds', async () => {
    const handled: string[] = [];
    let failuresLeft = 2;
    subscriptions.push(
      await world.bus.subscribe({
        groupId: 'retrying',
        topics: [topic],
        handler: (message) => {
          const value = text(message);
          if (value === 'r:1' && failuresLeft > 0) {
            failuresLeft--;
            return Promise.reject(new Error('handler failed'));
          }
          handled.push(`${value}@${message.attempt}`);
          return Promise.resolve();
        },
      }),
    );
    await publishSeries(['r'], 4);
    await eventually(() => (handled.some((entry) => entry.startsWith('r:3')) ? true : undefined), 30_000, 'r:3');
    expect(failuresLeft).toBe(0);
    expect(handled).toEqual(['r:0@1', 'r:1@3', 'r:2@1', 'r:3@1']);
  });

  it('does not hand a message over twice to a group once it is acknowledged', async () => {
    const seen = await collect(world.bus, 'once');
    await publishSeries(['z'], 3);
    await eventually(() => (seen.length >= 3 ? true : undefined), 30_000, 'three messages');
    await subscriptions.pop()?.close();
    const later = await collect(world.instance(), 'once');
    await publishSeries(['after'], 1);
    await eventually(() => (later.length >= 1 ? true : undefined), 45_000, 'the new message');
    expect(later.map(text)).toEqual(['after:0']);
  });

  it('hands a batch handler whole runs of one partition, in order, at most maxBatch at a time', async () => {
    const keys = ['p', 'q', 'r', 's'];
    // Published before the subscription exists: the first fetch finds many waiting.
    await publishSeries(keys, 30);
    const batches: DeliveredMessage[][] = [];
    subscriptions.push(
      await world.bus.subscribe({
        groupId: 'batches',
        topics: [topic],
        maxBatch: 25,
        batchHandler: (messages) => {
          batches.push([...messages]);
          return Promise.resolve();
        },
      }),
    );
    await eventually(() => (new Set(batches.flat().map(text)).size === 120 ? true : undefined), 30_000, 'all 120 messages');
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(25);
      expect(new Set(batch.map((message) => message.partition)).size).toBe(1);
      const offsets = batch.map((message) => BigInt(message.offset));
      expect(offsets).toEqual(offsets.map((_, i) => (offsets[0] ?? 0n) + BigInt(i)));
    }
    expect(batches.some((batch) => batch.length > 1)).toBe(true);
    for (const key of keys) {
      const firstSeen = [
        ...new Set(
          batches
            .flat()
            .filter((message) => message.key === key)
            .map(text),
        ),
      ];
      expect(firstSeen).toEqual(Array.from({ length: 30 }, (_, i) => `${key}:${i}`));
    }
  });

  it('hands a failed batch over again, whole, before anything after it', async () => {
    await publishSeries(['b'], 6);
    const calls: string[][] = [];
    let failuresLeft = 1;
    subscriptions.push(
      await world.bus.subscribe({
        groupId: 'batch-retry',
        topics: [topic],
        batchHandler: (messages) => {
          calls.push(messages.map((message) => `${text(message)}@${message.attempt}`));
          if (failuresLeft > 0) {
            failuresLeft--;
            return Promise.reject(new Error('batch failed'));
          }
          return Promise.resolve();
        },
      }),
    );
    await eventually(
      () =>
        calls
          .slice(1)
          .flat()
          .some((entry) => entry.startsWith('b:5@'))
          ? true
          : undefined,
      30_000,
      'b:5 after the failure',
    );
    const [failed = [], retried = []] = calls;
    expect(retried.length).toBeGreaterThanOrEqual(failed.length);
    expect(retried.slice(0, failed.length)).toEqual(failed.map((entry) => entry.replace(/@1$/, '@2')));
    const handledInOrder = calls
      .slice(1)
      .flat()
      .map((entry) => entry.split('@')[0]);
    expect(handledInOrder).toEqual(Array.from({ length: 6 }, (_, i) => `b:${i}`));
  });
});
