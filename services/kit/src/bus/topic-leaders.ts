import type { Admin } from 'kafkajs';
import { sleep } from './backoff.ts';

/**
 * Waits until every partition of `topics` has a leader. kafkajs's own `createTopics({ waitForLeaders })`
 * gives up on the first UNKNOWN_TOPIC_OR_PARTITION, which a KRaft broker answers for a moment after
 * its controller accepted the topic (its metadata image lags); a retriable answer here is waited through.
 */
export async function waitForTopicLeaders(
  admin: Pick<Admin, 'fetchTopicMetadata'>,
  topics: readonly string[],
  { timeoutMs = 30_000, pollMs = 100 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let waitingFor: unknown;
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const leaderless = topics.filter((topic) => {
        const partitions = found.find((metadata) => metadata.name === topic)?.partitions ?? [];
        return partitions.length === 0 || partitions.some((partition) => partition.leader < 0 || partition.partitionErrorCode !== 0);
      });
      if (leaderless.length === 0) return;
      waitingFor = `no leader yet for ${leaderless.join(', ')}`;
    } catch (error) {
      if (!isRetriable(error)) throw error;
      waitingFor = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`Kafka gave no leader for ${topics.join(', ')} within ${timeoutMs} ms`, { cause: waitingFor });
    }
    await sleep(pollMs);
  }
}

/** kafkajs marks an error retriable itself; its "retries exceeded" wrapper is not, whatever it wraps. */
function isRetriable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('retriable' in error && error.retriable === true) return true;
  return 'name' in error && error.name === 'KafkaJSNumberOfRetriesExceeded' && 'cause' in error && isRetriable(error.cause);
}
