import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import { CachedReading } from '../cached-reading.ts';
import type { EventBus, SubscribeCommon, TopicLag } from './port.ts';

/** The broker is asked about a group at most this often, however often it is scraped. */
export const LAG_READ_EVERY_MS = 15_000;

/**
 * `boardsync_kafka_consumer_lag_messages{group, topic}`: what each of this service's consumer groups has yet
 * to consume, as the broker's committed offsets say (the same in every pod of the service: use
 * `max`). Read at most every 15 s per group; a scrape waits at most a second for it, and a broker
 * that does not answer leaves the last values. Group and topic are the names the service uses,
 * without the deployment's prefix. Nothing is registered for a bus that cannot tell.
 */
export function registerConsumerLag(registry: Registry, bus: EventBus, consumers: readonly SubscribeCommon[], logger: Logger): void {
  if (consumers.length === 0 || bus.consumerLag === undefined) return;
  const readings = consumers.map((consumer) => {
    const group: SubscribeCommon = {
      groupId: consumer.groupId,
      topics: consumer.topics,
      ...(consumer.fromBeginning === undefined ? {} : { fromBeginning: consumer.fromBeginning }),
    };
    const reading = new CachedReading<TopicLag[]>(() => bus.consumerLag?.(group) ?? Promise.resolve([]), {
      maxAgeMs: LAG_READ_EVERY_MS,
      onError: (error) => {
        logger.warn({ err: error, groupId: group.groupId }, 'reading consumer lag failed; the last values are reported');
      },
    });
    return { groupId: group.groupId, reading };
  });
  new Gauge({
    name: 'boardsync_kafka_consumer_lag_messages',
    help: "Messages a consumer group has yet to consume, per topic (end offsets less the group's committed offsets, summed over partitions)",
    labelNames: ['group', 'topic'] as const,
    registers: [registry],
    async collect() {
      const read = await Promise.all(readings.map(async ({ groupId, reading }) => ({ groupId, lags: await reading.get() })));
      this.reset();
      for (const { groupId, lags } of read) for (const { topic, lag } of lags ?? []) this.set({ group: groupId, topic }, lag);
    },
  });
}
