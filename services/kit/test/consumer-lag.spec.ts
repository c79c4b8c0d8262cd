import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { registerConsumerLag } from '../src/bus/consumer-lag.ts';
import type { Subscription, TopicLag } from '../src/index.ts';
import { eventually, testLogger, uniqueName } from '../src/testing.ts';
import { inProcessAdapter, kafkaAdapter, type BusWorld } from './support/bus-fixtures.ts';

const logger = testLogger('consumer-lag');

describe.each([kafkaAdapter, inProcessAdapter])('consumer lag: $name', (adapter) => {
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

  const publish = (count: number): Promise<void> =>
    world.bus.publish(Array.from({ length: count }, (_, i) => ({ topic, key: `k${String(i % 4)}`, value: Buffer.from(String(i)) })));
  const lagOf = async (groupId: string, fromBeginning?: boolean): Promise<TopicLag[] | undefined> =>
    world.bus.consumerLag?.({ groupId, topics: [topic], ...(fromBeginning === undefined ? {} : { fromBeginning }) });

  it('counts what a group has yet to consume, from the start for a group reading from the beginning, from the end otherwise', async () => {
    await publish(7);
    expect(await lagOf('never-joined')).toEqual([{ topic, lag: 7 }]);
    expect(await lagOf('latest-only', false)).toEqual([{ topic, lag: 0 }]);
  });

  it('falls to zero as the group consumes, and exports it as boardsync_kafka_consumer_lag_messages', async () => {
    await publish(5);
    const registry = new Registry();
    registerConsumerLag(registry, world.bus, [{ groupId: 'reader', topics: [topic] }], logger);
    expect(await registry.metrics()).toContain(`boardsync_kafka_consumer_lag_messages{group="reader",topic="${topic}"} 5`);
    let seen = 0;
    subscriptions.push(
      await world.bus.subscribe({
        groupId: 'reader',
        topics: [topic],
        handler: () => {
          seen++;
          return Promise.resolve();
        },
      }),
    );
    await eventually(() => (seen >= 5 ? true : undefined), 30_000, 'the five messages consumed');
    // Commits follow each handled message.
    await eventually(async () => ((await lagOf('reader'))?.[0]?.lag === 0 ? true : undefined), 30_000, 'the lag to reach 0');
  });
});
