/**
 * Webhook fairness: one slow or dead receiver must not hold back the others. The catalog
 * and the webhook service run as deployed, with the webhook service's default caps
 * (DELIVERY_CONCURRENCY 16, DELIVERY_PER_ENDPOINT 4, WEBHOOK_TIMEOUT_MS 10 s), on the real
 * Postgres and Kafka; receivers on loopback. Two figures, each quiet and then with a receiver that
 * never answers (so every attempt to it waits out the whole timeout):
 *  1. write → signed POST received at one receiver, BENCH_WRITES sequential writes: alone, while ten
 *     other receivers take a steady BENCH_BACKGROUND deliveries a second, and while an eleventh
 *     never answers too;
 *  2. the ten healthy receivers' throughput: BENCH_EVENTS events, each delivered to all ten.
 * Targets: p99 with the dead receiver ≤ 2× alone; healthy throughput drops < 20 %.
 * Run: `npm run bench:webhook-fairness` (BENCH_WRITES, BENCH_EVENTS, BENCH_BACKGROUND, BENCH_RUNS to change the sizes).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KafkaBus } from '@boardsync/kit';
import { eventually, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { callAsDesigner } from './support/bench-api.ts';
import { measure, quantile } from './support/measure.ts';
import { ComponentArrivals, cardAddedEvent, startCatalogAndWebhook } from './support/webhook-bench.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 150);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const BACKGROUND_PER_SECOND = Number(process.env.BENCH_BACKGROUND ?? 300);
const HEALTHY = 10;
/** Runs of the throughput figure, each ~1.5 s: a median of three moved by half between runs of one code (cause not found; the dead receiver's 10 s timeouts are a suspect). */
const THROUGHPUT_RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SECRET = 'bench-principal-'.padEnd(40, 'b');
const [WRITER, CROWD] = [1, 2];

// One server, a path per receiver: /healthy-N counts, /target wakes a waiting write, /dead never answers.
let healthyReceived = 0;
const arrivals = new ComponentArrivals();
const hanging = new Set<ServerResponse>();
const receiver = createServer((incoming, answer) => {
  if (incoming.url === '/dead') {
    hanging.add(answer);
    answer.on('close', () => hanging.delete(answer));
    incoming.resume();
    return;
  }
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    answer.end();
    if (incoming.url?.startsWith('/healthy-')) {
      healthyReceived += 1;
      return;
    }
    arrivals.arrivedIn(Buffer.concat(chunks));
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = (path: string): string => `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}${path}`;

const namespace = uniqueName('benchfair');
const services = await startCatalogAndWebhook(namespace, SECRET);
const { catalog, webhook } = services;

const SCOPES = ['projects:write', 'components:write', 'webhooks:write'];
const call = (port: number, designerId: number, method: string, path: string, body: unknown, source?: string): Promise<unknown> =>
  callAsDesigner(`http://127.0.0.1:${String(port)}${path}`, method, { designerId, scopes: SCOPES, secret: SECRET, ...(source ? { source } : {}) }, body);
// An app registers at most ten webhooks for a designer: the dead one is another app's.
const subscribe = (designerId: number, path: string, source?: string) =>
  call(webhook.port, designerId, 'POST', '/api/v1/webhooks', { url: receiverUrl(path), events: ['components.changed'] }, source);

await subscribe(WRITER, '/target');
for (let n = 0; n < HEALTHY; n++) await subscribe(CROWD, `/healthy-${String(n)}`);
const projectId = ((await call(catalog.port, WRITER, 'POST', '/api/v1/projects', { name: 'Fairness' })) as { data: { id: number } }).data.id;

const writeAndReceive = (name: string, timeoutMs = 30_000): Promise<void> =>
  arrivals.writeAndReceive(
    name,
    () => call(catalog.port, WRITER, 'POST', `/api/v1/projects/${String(projectId)}/components`, { type: 'card', component: { name } }),
    timeoutMs,
  );
await writeAndReceive('first', 60_000);

// The crowd's events go straight onto the bus, as the catalog's outbox would publish them.
const bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'bench-fairness', logger: testLogger('bench'), namespace });
let nextCrowdProject = 1;
function crowdEvents(count: number) {
  return Array.from({ length: count }, () => {
    const id = nextCrowdProject++;
    return cardAddedEvent(id, `c${String(id)}`, { designerId: CROWD, source: 'api:bench' });
  });
}

/** Publishes the crowd's events at a steady rate (deliveries per second across the ten) until stopped. */
function steadyCrowd(): () => Promise<void> {
  let running = true;
  const eventsPerTick = Math.max(1, Math.round(BACKGROUND_PER_SECOND / HEALTHY / 10));
  const loop = (async () => {
    while (running) {
      await bus.publish(crowdEvents(eventsPerTick));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

async function latency(label: string, crowd: boolean) {
  const stop = crowd ? steadyCrowd() : () => Promise.resolve();
  try {
    return await measure(label, WRITES, (round) => writeAndReceive(`${label}-${String(round)}-${randomUUID()}`));
  } finally {
    await stop();
  }
}

async function healthyThroughput(label: string) {
  // Let the steady crowd's last deliveries land first.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return measure(
    label,
    THROUGHPUT_RUNS,
    async () => {
      const target = healthyReceived + EVENTS * HEALTHY;
      await bus.publish(crowdEvents(EVENTS));
      await eventually(() => (healthyReceived >= target ? true : undefined), 120_000, `${String(EVENTS * HEALTHY)} healthy deliveries`);
    },
    1,
  );
}

const quietLatency = await latency('alone (sequential writes)', false);
const busyLatency = await latency('while ten other receivers are busy', true);
const quietThroughput = await healthyThroughput('ten receivers');
await subscribe(CROWD, '/dead', 'api:bench-dead');
const deadLatency = await latency('while ten are busy and one never answers', true);
const deadThroughput = await healthyThroughput('ten receivers, and one that never answers');

console.log(
  `\nOne receiver's write-to-receipt latency while ten others take ~${String(BACKGROUND_PER_SECOND)} deliveries/s, then with an eleventh that never answers (WEBHOOK_TIMEOUT_MS 10 s, DELIVERY_PER_ENDPOINT 4)`,
);
console.log(`${'case'.padEnd(58)} ${'runs'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'× p99'.padStart(8)}`);
for (const sample of [quietLatency, busyLatency, deadLatency]) {
  console.log(
    `${sample.label.padEnd(58)} ${String(sample.ms.length).padStart(5)} ${quantile(sample.ms, 0.5).toFixed(1).padStart(8)} ${quantile(sample.ms, 0.99).toFixed(1).padStart(8)} ${(quantile(sample.ms, 0.99) / quantile(quietLatency.ms, 0.99)).toFixed(2).padStart(8)}`,
  );
}
console.log(`\nThe ten healthy receivers' throughput: ${String(EVENTS)} events, each delivered to all ten (${String(THROUGHPUT_RUNS)} runs each)`);
console.log(`${'case'.padEnd(58)} ${'median /s'.padStart(12)} ${'× quiet'.padStart(8)}`);
const perSecond = (sample: { ms: number[] }): number => (EVENTS * HEALTHY) / (quantile(sample.ms, 0.5) / 1000);
for (const sample of [quietThroughput, deadThroughput]) {
  console.log(
    `${sample.label.padEnd(58)} ${perSecond(sample).toFixed(0).padStart(12)} ${(perSecond(sample) / perSecond(quietThroughput)).toFixed(3).padStart(8)}`,
  );
}

await bus.close();
for (const answer of hanging) answer.destroy();
await services.stop();
receiver.closeAllConnections();
receiver.close();
