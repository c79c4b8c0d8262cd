/**
 * Deletes the Kafka topics that earlier test runs left on the shared broker (scripts/test.sh runs it
 * after `scripts/infra up`). Every test file and harness cluster names its topics under a namespace
 * stamped with the time it was made (`uniqueName` in services/kit/src/testing.ts: `<prefix>_<ms in
 * base 36>_<6 hex>`; the fault harness: `h<ms in base 36>_<4 chars>`); those stamped more than an
 * hour ago belong to no run still going. Left alone, thousands of them made a stopped broker take
 * over two minutes to load on its next start, and every metadata answer larger. Topics under any
 * other name (a `start:cluster` namespace, the broker's own) are never touched.
 * Usage: node scripts/kafka-sweep.ts [--dry-run]
 */
import kafkajs from 'kafkajs';

const OLDER_THAN_MS = 3600_000;
const BATCH = 100;
const TEST_NAMESPACE = /^(?:[a-z0-9]+_([0-9a-z]{7,9})_[0-9a-f]{6}|h([0-9a-z]{7,9})_[0-9a-z]{4})\./;

/** When the test namespace of `topic` was made, or undefined for a topic no test made. */
export function testNamespaceMadeAt(topic: string): number | undefined {
  const match = TEST_NAMESPACE.exec(topic);
  const stamp = match?.[1] ?? match?.[2];
  if (stamp === undefined) return undefined;
  const madeAt = Number.parseInt(stamp, 36);
  // A real stamp: after this code was written (2026) and not in the future.
  return madeAt > Date.UTC(2026, 0, 1) && madeAt <= Date.now() ? madeAt : undefined;
}

const brokers = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const dryRun = process.argv.includes('--dry-run');
const kafka = new kafkajs.Kafka({ clientId: 'kafka-sweep', brokers, logLevel: kafkajs.logLevel.NOTHING });
const admin = kafka.admin();
await admin.connect();
try {
  const topics = await admin.listTopics();
  const stale = topics.filter((topic) => {
    const madeAt = testNamespaceMadeAt(topic);
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
