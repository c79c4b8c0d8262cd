/**
 * Webhook delivery benchmarks (targets: write to signed POST p50 ≤ 50 ms and p99 ≤ 250 ms; deliveries
 * per second ≥ 0.5× bare signed POSTs), on the real Postgres and Kafka `scripts/infra up` starts,
 * with the catalog and the webhook service each started alone from its main.ts (as deployed) and a
 * receiver on loopback (allowed through SSRF_ALLOW_CIDRS, as in development):
 *  1. write-to-receipt latency: a component write to the catalog → outbox → Kafka → fan-out →
 *     signed POST at the receiver, BENCH_WRITES sequential writes, p50/p99;
 *  2. deliveries per second: BENCH_EVENTS catalog events published at once until the receiver got
 *     every one, next to the same number of bare signed POSTs (HMAC + undici `request`, as many at
 *     once as the service's DELIVERY_CONCURRENCY) to the same receiver.
 * Run: `npm run bench:webhook` (BENCH_ROUNDS, BENCH_WRITES, BENCH_EVENTS to change the sizes).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { request } from 'undici';
import { KafkaBus } from '@boardsync/kit';
import { eventually, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { callAsDesigner } from './support/bench-api.ts';
import { LATENCY_HEADER, latencyRow, measure, measureAlternating, printTable, quantile, type Sample } from './support/measure.ts';
import { ComponentArrivals, cardAddedEvent, startCatalogAndWebhook } from './support/webhook-bench.ts';
import { cpuSnapshot, cpuUsedBetween } from './support/process-cpu.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const CONCURRENCY = 16;
const SECRET = 'bench-principal-'.padEnd(40, 'b');
const DESIGNER = 1;

// The receiver: counts deliveries and wakes whoever waits for a component name in one.
let received = 0;
const arrivals = new ComponentArrivals();
const receiver = createServer((incoming, answer) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    received += 1;
    answer.end();
    arrivals.arrivedIn(Buffer.concat(chunks));
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;

const namespace = uniqueName('benchwh');
const services = await startCatalogAndWebhook(namespace, SECRET, {
  // One receiver here: it gets the whole replica's concurrency, CONCURRENCY requests at once, as
  // from the bare loop (DELIVERY_CONCURRENCY bounds sends). The per-endpoint cap, which bounds
  // leases (deliveries being sent, claimed ahead of a free send slot, or answered and not yet
  // recorded) and protects one receiver among many, is lifted: there are no others here; so is
  // the per-designer share of the send slots (one designer here).
  DELIVERY_CONCURRENCY: String(CONCURRENCY),
  DELIVERY_PER_ENDPOINT: '1000',
  DELIVERY_PER_DESIGNER: String(CONCURRENCY),
});
const { catalog, webhook, webhookDatabaseUrl } = services;

// The principal lives a minute; each call signs a fresh one as the gateway would.
const call = (port: number, method: string, path: string, body: unknown): Promise<unknown> =>
  callAsDesigner(
    `http://127.0.0.1:${String(port)}${path}`,
    method,
    { designerId: DESIGNER, scopes: ['projects:write', 'components:write', 'webhooks:write'], secret: SECRET },
    body,
  );

const { secret } = (await call(webhook.port, 'POST', '/api/v1/webhooks', { url: hookUrl, events: ['components.changed'] })) as { secret: string };
const projectId = ((await call(catalog.port, 'POST', '/api/v1/projects', { name: 'Bench' })) as { data: { id: number } }).data.id;

// The consumer joins in the background after /healthz: wait until one write comes through end to end.
const writeAndReceive = (name: string, timeoutMs = 10_000): Promise<void> =>
  arrivals.writeAndReceive(
    name,
    () => call(catalog.port, 'POST', `/api/v1/projects/${String(projectId)}/components`, { type: 'card', component: { name } }),
    timeoutMs,
  );
await writeAndReceive('first', 60_000);

// 1. Write-to-receipt latency, sequential writes.
const latency = await measure(`component write → signed POST received (${String(WRITES)} sequential)`, WRITES, (round) =>
  writeAndReceive(`latency-${String(round)}-${randomUUID()}`),
);
console.log(`\nWrite-to-receipt latency: catalog write → outbox → Kafka → webhook fan-out → signed POST at a loopback receiver`);
console.log(LATENCY_HEADER);
console.log(latencyRow(latency));

// 2. Deliveries per second: catalog events published at once, as an outbox batch would be.
const logger = testLogger('bench');
const bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'bench-webhook', logger, namespace });
const projectIds = Array.from({ length: EVENTS }, (_, index) => projectId * 100_000 + index);
const events = () => projectIds.map((id) => cardAddedEvent(id, `c${String(id)}`, { designerId: DESIGNER, source: 'api:bench' }));
// Where the time goes: when every event's delivery was queued (fan-out done), read from the webhook database.
const queueWatch = new pg.Client({ connectionString: webhookDatabaseUrl });
await queueWatch.connect();
const queuedAfterMs: number[] = [];

// Where each run's CPU went (the kernel's accounting): the services, every Postgres backend, Kafka (java), this process.
const cpuOf = () => cpuSnapshot({ webhook: webhook.child.pid ?? 0, catalog: catalog.child.pid ?? 0, bench: process.pid }, ['postgres', 'java']);
const cpuUsed: Record<'service' | 'bare', Record<string, number>[]> = { service: [], bare: [] };
// Read before and after each run, outside its time (a read walks /proc: 1.5-3.5 ms).
let cpuBefore = cpuOf();
const countCpu = (kind: 'service' | 'bare') => ({
  before: () => {
    cpuBefore = cpuOf();
  },
  after: (round: number) => {
    if (round >= 0) cpuUsed[kind].push(cpuUsedBetween(cpuBefore, cpuOf()));
  },
});

// The same bodies and headers, signed here and POSTed by a plain undici loop with the same concurrency.
const bodies = projectIds.map((id) =>
  JSON.stringify({
    id: randomUUID(),
    event: 'components.changed',
    created_at: new Date().toISOString(),
    data: { project_id: id, type: 'card', created: 1, updated: 0, deleted: 0, components: [{ id, name: `c${String(id)}`, type: 'card' }] },
  }),
);
// The two cases take turns, round after round (one untimed round each first), so the machine's
// drift between the first and the last run does not fall on one of them only.
const [viaService, bare] = (await measureAlternating(
  [
    {
      label: `${String(EVENTS)} events published → all delivered by the service`,
      ...countCpu('service'),
      run: async () => {
        const target = received + EVENTS;
        const [{ count: before }] = (await queueWatch.query<{ count: number }>('select count(*)::int as count from delivery')).rows as [{ count: number }];
        const started = performance.now();
        const messages = events();
        for (let from = 0; from < messages.length; from += 500) await bus.publish(messages.slice(from, from + 500));
        let queued = false;
        await eventually(
          async () => {
            if (!queued) {
              const [{ count }] = (await queueWatch.query<{ count: number }>('select count(*)::int as count from delivery')).rows as [{ count: number }];
              if (count >= before + EVENTS) {
                queued = true;
                queuedAfterMs.push(performance.now() - started);
              }
            }
            return received >= target && queued ? true : undefined;
          },
          120_000,
          `${String(EVENTS)} deliveries`,
        );
      },
    },
    {
      label: `${String(EVENTS)} bare signed POSTs (HMAC + undici, ${String(CONCURRENCY)} at once)`,
      ...countCpu('bare'),
      run: async () => {
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < bodies.length) {
              const body = bodies[next++] ?? '';
              const timestamp = String(Math.floor(Date.now() / 1000));
              const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
              const answer = await request(hookUrl, {
                method: 'POST',
                body,
                headers: {
                  'content-type': 'application/json',
                  'user-agent': 'boardsync-Webhook/1',
                  'x-svc-event': 'components.changed',
                  'x-svc-delivery': randomUUID(),
                  'x-svc-timestamp': timestamp,
                  'x-svc-signature': `sha256=${signature}`,
                },
              });
              await answer.body.dump();
              if (answer.statusCode !== 200) throw new Error(`the receiver answered ${String(answer.statusCode)}`);
            }
          }),
        );
      },
    },
  ],
  ROUNDS,
  1,
)) as [Sample, Sample];
await queueWatch.end();
printTable(`Deliveries of ${String(EVENTS)} events to one loopback receiver (${String(ROUNDS)} runs each)`, [bare, viaService]);
console.log(`${'throughput'.padEnd(58)} ${'median /s'.padStart(12)} ${'× bare'.padStart(8)}`);
const perSecond = (sample: { ms: number[] }): number => EVENTS / (quantile(sample.ms, 0.5) / 1000);
for (const sample of [bare, viaService]) {
  console.log(`${sample.label.padEnd(58)} ${perSecond(sample).toFixed(0).padStart(12)} ${(perSecond(sample) / perSecond(bare)).toFixed(3).padStart(8)}`);
}
console.log(`${'of which: every delivery queued (fan-out done), median ms'.padEnd(58)} ${quantile(queuedAfterMs, 0.5).toFixed(0).padStart(12)}`);

// The bound is the machine's two cores: every part's CPU a delivery costs, next to the bare loop's (client and receiver in this process).
const columns = ['webhook', 'postgres', 'java', 'catalog', 'bench', 'machine'] as const;
console.log(
  `\nWhere the CPU of a run went, per delivery (µs of user + system time, medians over the runs; "bench" is this process: the receiver, and the publisher or the bare loop)`,
);
console.log(`${'case'.padEnd(30)}${['webhook', 'Postgres', 'Kafka', 'catalog', 'bench', 'all', 'busy'].map((title) => title.padStart(10)).join('')}`);
for (const [kind, label] of [
  ['bare', 'bare signed POSTs'],
  ['service', 'the service'],
] as const) {
  const runs = cpuUsed[kind];
  const perDelivery = columns.map(
    (column) =>
      (quantile(
        runs.map((used) => used[column] ?? 0),
        0.5,
      ) *
        1000) /
      EVENTS,
  );
  const busy = quantile(
    runs.map((used) => (used.machine ?? 0) / (used.machineCapacity || 1)),
    0.5,
  );
  console.log(`${label.padEnd(30)}${perDelivery.map((us) => us.toFixed(0).padStart(10)).join('')}${`${(busy * 100).toFixed(0)} %`.padStart(10)}`);
}

await bus.close();
await services.stop();
receiver.closeAllConnections();
receiver.close();
