import type { Admin } from 'kafkajs';
import type { SubscribeCommon, TopicLag } from './port.ts';
import type { TopicNames } from './topic-names.ts';

/**
 * A group's lag per topic: each partition's end offset less the group's committed offset, summed.
 * Two admin requests per topic and one per group (to the group's coordinator), nothing per message.
 * A partition the group has not committed on counts from the oldest retained message when the
 * group reads from the beginning, and as caught up otherwise (a gateway pod's group starts at the
 * end and commits only once something comes).
 */
export async function fetchConsumerLag(admin: Admin, names: TopicNames, group: SubscribeCommon): Promise<TopicLag[]> {
  const { groupId, topics, fromBeginning = true } = group;
  const outward = topics.map((topic) => names.outward(topic));
  const [committed, ends] = await Promise.all([
    admin.fetchOffsets({ groupId: names.outward(groupId), topics: outward }),
    Promise.all(outward.map((topic) => admin.fetchTopicOffsets(topic))),
  ]);
  return topics.map((topic, index) => {
    const positions = new Map(
      (committed.find((entry) => entry.topic === outward[index])?.partitions ?? []).map((entry) => [entry.partition, BigInt(entry.offset)]),
    );
    let lag = 0n;
    for (const end of ends[index] ?? []) {
      const high = BigInt(end.high);
      const low = BigInt(end.low);
      const position = positions.get(end.partition) ?? -1n;
      // -1: nothing committed on this partition yet; below `low`: what is behind it was deleted by retention, not waiting.
      const from = position < 0n ? (fromBeginning ? low : high) : position < low ? low : position;
      if (high > from) lag += high - from;
    }
    return { topic, lag: Number(lag) };
  });
}
