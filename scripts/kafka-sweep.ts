/**
 * Deletes the Kafka topics that earlier test runs left on the shared broker (scripts/test.sh runs it
 * after `scripts/infra up`). Every test file and the fault harness's cluster name their topics under a
 * namespace from `uniqueName` (services/kit/src/testing.ts), which carries the time it was made;
 * those made more than an hour ago belong to no run still going. Left alone, thousands of them made
 * a stopped broker take over two minutes to load on its next start, and every metadata answer
 * larger. Topics under any other name (a `start:cluster` namespace, the broker's own) are never
 * touched.
 * Usage: node scripts/kafka-sweep.ts [--dry-run]
 */
import kafkajs from 'kafkajs';
import { uniqueNameMadeAt } from '@boardsync/kit/testing';

const OLDER_THAN_MS = 3600_000;
const BATCH = 100;

const brokers = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const dryRun = process.argv.includes('--dry-run');
const kafka = new kafkajs.Kafka({ clientId: 'kafka-sweep', brokers, logLevel: kafkajs.logLevel.NOTHING });
const admin = kafka.admin();
await admin.connect();
try {
  const topics = await admin.listTopics();
  const stale = topics.filter((topic) => {
    const madeAt = uniqueNameMadeAt(topic.split('.')[0] ?? '');
    return madeAt !== undefined && Date.now() - madeAt > OLDER_THAN_MS;
  });
  if (!dryRun) {
    for (let start = 0; start < stale.length; start += BATCH) {
      await admin.deleteTopics({ topics: stale.slice(start, start + BATCH), timeout: 30_000 });
    }
  }
  console.log(
    `kafka-sweep: ${String(stale.length)} of ${String(topics.length)} topics were earlier test runs'${dryRun ? ' (dry run: none deleted)' : ', deleted'}`,
  );
} finally {
  await admin.disconnect();
}
