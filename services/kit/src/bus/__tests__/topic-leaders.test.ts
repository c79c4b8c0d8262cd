import { describe, expect, it } from '@jest/globals';
import kafkajs from 'kafkajs';
import { waitForTopicLeaders } from '../topic-leaders.ts';

type Metadata = Awaited<ReturnType<Parameters<typeof waitForTopicLeaders>[0]['fetchTopicMetadata']>>;

function partition(leader: number, partitionErrorCode = 0): Metadata['topics'][number]['partitions'][number] {
  return { partitionId: 0, leader, partitionErrorCode, replicas: [1], isr: [1] };
}

/** An admin answering each metadata request with the next of `answers` (the last one repeats). */
function adminAnswering(answers: (Metadata | Error)[]): { fetchTopicMetadata: () => Promise<Metadata>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    fetchTopicMetadata: () => {
      const answer = answers[Math.min(calls, answers.length - 1)] ?? { topics: [] };
      calls += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

const unknownTopic = new kafkajs.KafkaJSProtocolError('This server does not host this topic-partition');
Object.assign(unknownTopic, { type: 'UNKNOWN_TOPIC_OR_PARTITION', retriable: true });

describe('waitForTopicLeaders', () => {
  it('waits through an unknown topic and a leaderless partition until every partition has a leader', async () => {
    const admin = adminAnswering([
      unknownTopic,
      new kafkajs.KafkaJSNumberOfRetriesExceeded(unknownTopic, { retryCount: 5, retryTime: 100 }),
      { topics: [{ name: 't', partitions: [partition(-1, 5)] }] },
      { topics: [{ name: 't', partitions: [partition(1)] }] },
    ]);
    await waitForTopicLeaders(admin, ['t'], { pollMs: 1 });
    expect(admin.calls()).toBe(4);
  });

  it('gives up at once on an error kafkajs does not retry, such as a refused authorisation', async () => {
    const refused = new kafkajs.KafkaJSProtocolError('Not authorized to access topics');
    Object.assign(refused, { type: 'TOPIC_AUTHORIZATION_FAILED', retriable: false });
    const admin = adminAnswering([refused]);
    await expect(waitForTopicLeaders(admin, ['t'], { pollMs: 1 })).rejects.toBe(refused);
    expect(admin.calls()).toBe(1);
  });

  it('stops at its deadline, naming the topics and keeping the last answer as the cause', async () => {
    const admin = adminAnswering([{ topics: [] }]);
    const failure = waitForTopicLeaders(admin, ['a', 'b'], { timeoutMs: 20, pollMs: 5 });
    await expect(failure).rejects.toThrow('Kafka gave no leader for a, b within 20 ms');
    await expect(failure).rejects.toMatchObject({ cause: 'no leader yet for a, b' });
  });
});
