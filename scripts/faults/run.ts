/**
 * `npm run faults`: the failures a cluster sees every week, one after another, each under a steady
 * write load through the gateway, on a cluster of two replicas of every service (start:cluster on
 * the real servers). Prints a pass/fail table; exits 1 if any fault broke a promise. It stops and
 * starts the shared servers: run nothing else against them meanwhile (npm test runs it alone, last).
 */
import { ClusterUnderTest } from '../harness/cluster-under-test.ts';
import { faultOptions, type FaultName } from './options.ts';
import { catalogKill } from './scenarios/catalog-kill.ts';
import { kafkaStop } from './scenarios/kafka-stop.ts';
import { minioStop } from './scenarios/minio-stop.ts';
import { postgresRestart } from './scenarios/postgres-restart.ts';
import { receiverDown } from './scenarios/receiver-down.ts';
import { redisStop } from './scenarios/redis-stop.ts';
import { scaleOut } from './scenarios/scale-out.ts';
import { webhookKill } from './scenarios/webhook-kill.ts';
import { infra } from './scenarios/infra-control.ts';
import type { FaultContext, Outcome } from './steady-load.ts';
import { printTable } from './table.ts';

const SCENARIOS: Record<FaultName, (context: FaultContext) => Promise<Outcome>> = {
  'scale-out': scaleOut,
  'catalog-kill': catalogKill,
  'webhook-kill': webhookKill,
  'receiver-down': receiverDown,
  'kafka-stop': kafkaStop,
  'redis-stop': redisStop,
  'postgres-restart': postgresRestart,
  'minio-stop': minioStop,
};

const options = faultOptions(process.argv.slice(2));
const say = (line: string): void => void process.stdout.write(`[faults] ${line}\n`);
const cluster = new ClusterUnderTest();
const started = Date.now();

say(`starting a cluster of two replicas of every service (${cluster.name})`);
await cluster.start({
  replicas: 'gateway=2,auth=2,catalog=2,asset=2,webhook=2',
  env: {
    // The load is the point, not the limits (the scale-out limit is proven by tests/cluster-start.spec.ts).
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    // The receivers and artwork are on loopback.
    SSRF_ALLOW_CIDRS: '127.0.0.1/32',
    // One send in flight per receiver, so each project's events arrive in order.
    DELIVERY_PER_ENDPOINT: '1',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_RETRY_DELAYS: options.durations.retryDelays,
    LOG_LEVEL: 'info',
  },
});

const outcomes: Outcome[] = [];
const context: FaultContext = { cluster, durations: options.durations, say };
try {
  for (const name of options.only) {
    say(`${name}: running`);
    const scenarioStarted = Date.now();
    const outcome = await SCENARIOS[name](context).catch((error: unknown): Outcome => ({
      name,
      passed: false,
      observed: [],
      problems: [`the scenario failed: ${(error as Error).stack ?? String(error)}`],
      ledger: { acknowledged: 0, unacknowledged: 0, committed: 0, written: 0, delivered: 0, duplicated: 0, violations: [], outOfOrder: 0 },
    }));
    outcomes.push(outcome);
    // A scenario that failed half-way must not leave a server stopped for the next one.
    for (const server of ['postgres', 'redis', 'kafka', 'minio'] as const) infra('start', server);
    say(`${name}: ${outcome.passed ? 'passed' : 'FAILED'} in ${String(Math.round((Date.now() - scenarioStarted) / 1000))} s`);
  }
} finally {
  // Whatever happened, leave every shared server running for whatever runs next.
  for (const server of ['postgres', 'redis', 'kafka', 'minio'] as const) infra('start', server);
  const failed = outcomes.some((outcome) => !outcome.passed);
  await cluster.stop({ keepLogs: failed || options.keepLogs });
  printTable(outcomes);
  if (failed || options.keepLogs) say(`replica logs kept in ${cluster.logDir}`);
  say(`done in ${String(Math.round((Date.now() - started) / 1000))} s`);
  process.exitCode = failed || outcomes.length < options.only.length ? 1 : 0;
}
