/**
 * Webhook fairness between designers: one designer's slow receivers must not slow another
 * designer's deliveries. The catalog and the webhook service run as deployed, with the webhook
 * service's default caps (DELIVERY_CONCURRENCY 16, DELIVERY_PER_DESIGNER 8, DELIVERY_PER_ENDPOINT
 * 4, WEBHOOK_MAX_PER_DESIGNER 100), on the real Postgres and Kafka; receivers on loopback.
 *  - Ten quiet designers, one webhook each, write components through the catalog, each sequentially,
 *    all ten at once: write → signed POST received, BENCH_WRITES writes per designer.
 *  - A noisy designer: BENCH_NOISY_WEBHOOKS webhooks across ten apps, at receivers that answer 200
 *    after 4 s (in time: every send succeeds, nothing is deactivated), and a steady BENCH_NOISY_RATE
 *    events a second (each to every one of its webhooks), so its backlog only grows.
 * The quiet designers' latency alone, then beside the noisy one; the whole again with one designer
 * allowed every send slot (DELIVERY_PER_DESIGNER 16), side by side. Targets, with the defaults: p99
 * beside the noisy designer ≤ 2× alone; the noisy designer still makes progress (its deliveries received).
 * Run: `npm run bench:webhook-tenants` (BENCH_WRITES, BENCH_NOISY_WEBHOOKS, BENCH_NOISY_RATE to change the sizes).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { KafkaBus } from '@boardsync/kit';
import { infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { callAsDesigner } from './support/bench-api.ts';
import { quantile, type Sample } from './support/measure.ts';
import { ComponentArrivals, cardAddedEvent, startCatalogAndWebhook } from './support/webhook-bench.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 60);
const NOISY_WEBHOOKS = Number(process.env.BENCH_NOISY_WEBHOOKS ?? 100);
const NOISY_RATE = Number(process.env.BENCH_NOISY_RATE ?? 2);
const NOISY_DELAY_MS = 4_000;
const QUIET = Array.from({ length: 10 }, (_, n) => 101 + n);
const NOISY = 1;
const SECRET = 'bench-principal-'.padEnd(40, 'b');

// One server: /slow-N answers after 4 s, /quiet wakes the write waiting for the component it names.
let noisyReceived = 0;
const arrivals = new ComponentArrivals();
const held = new Set<ServerResponse>();
const receiver = createServer((incoming, answer) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    if (incoming.url?.startsWith('/slow-')) {
      held.add(answer);
      setTimeout(() => {
        held.delete(answer);
        noisyReceived += 1;
        answer.end();
      }, NOISY_DELAY_MS);
      return;
    }
    answer.end();
    arrivals.arrivedIn(Buffer.concat(chunks));
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = (path: string): string => `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}${path}`;

const SCOPES = ['projects:write', 'components:write', 'webhooks:write'];
const call = (port: number, designerId: number, method: string, path: string, body: unknown, source?: string): Promise<unknown> =>
  callAsDesigner(`http://127.0.0.1:${String(port)}${path}`, method, { designerId, scopes: SCOPES, secret: SECRET, ...(source ? { source } : {}) }, body);

interface Outcome {
  alone: Sample;
  beside: Sample;
  noisyPerSecond: number;
  backlog: string;
}

/** The whole scenario on a fresh catalog and webhook service started with `webhookEnv`. */
async function scenario(name: string, webhookEnv: Record<string, string>): Promise<Outcome> {
  const namespace = uniqueName('benchtenants');
  const services = await startCatalogAndWebhook(namespace, SECRET, webhookEnv);
  const { catalog, webhook, webhookDatabaseUrl } = services;
  // An app registers at most ten webhooks for a designer: the noisy designer's are spread over apps.
  for (let n = 0; n < NOISY_WEBHOOKS; n++) {
    const registration = { url: receiverUrl(`/slow-${String(n)}`), events: ['components.changed'] };
    await call(webhook.port, NOISY, 'POST', '/api/v1/webhooks', registration, `api:noisy-${String(Math.floor(n / 10))}`);
  }
  const projects = new Map<number, number>();
  for (const designerId of QUIET) {
    await call(webhook.port, designerId, 'POST', '/api/v1/webhooks', { url: receiverUrl('/quiet'), events: ['components.changed'] });
    projects.set(designerId, ((await call(catalog.port, designerId, 'POST', '/api/v1/projects', { name: 'Quiet' })) as { data: { id: number } }).data.id);
  }
  let written = 0;
  const writeAndReceive = (designerId: number, timeoutMs = 120_000): Promise<void> => {
    const component = `q${String(designerId)}-${String(written++)}`;
    return arrivals.writeAndReceive(
      component,
      () =>
        call(catalog.port, designerId, 'POST', `/api/v1/projects/${String(projects.get(designerId))}/components`, {
          type: 'card',
          component: { name: component },
        }),
      timeoutMs,
    );
  };
  // The fan-out consumer joins in the background after /healthz: wait until a write comes through.
  await writeAndReceive(QUIET[0] ?? 0, 60_000);

  /** Every quiet designer writes `WRITES` components one after the other, all ten at once; each write's time to its delivery. */
  const quietWrites = async (label: string): Promise<Sample> => {
    const ms: number[] = [];
    await Promise.all(
      QUIET.map(async (designerId) => {
        for (let n = 0; n < WRITES; n++) {
          const started = performance.now();
          await writeAndReceive(designerId);
          ms.push(performance.now() - started);
        }
      }),
    );
    return { label, ms };
  };

  // The noisy designer's events go straight onto the bus, as the catalog's outbox would publish them.
  const bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'bench-tenants', logger: testLogger('bench'), namespace });
  let nextNoisyProject = 1;
  const noisyEvents = (count: number) =>
    Array.from({ length: count }, () => {
      const id = nextNoisyProject++;
      return cardAddedEvent(id, `n${String(id)}`, { designerId: NOISY, source: 'api:noisy-0' });
    });
  let noising = false;
  let noise = Promise.resolve();
  const startNoise = (): void => {
    noising = true;
    noise = (async () => {
      while (noising) {
        await bus.publish(noisyEvents(NOISY_RATE));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
  };
  const database = new pg.Client({ connectionString: webhookDatabaseUrl });
  await database.connect();
  const noisyPending = async (): Promise<number> =>
    Number((await database.query<{ n: string }>(`select count(*) as n from delivery where designer_id = $1 and state = 'pending'`, [NOISY])).rows[0]?.n ?? 0);

  try {
    const alone = await quietWrites(`${name}: ten quiet designers alone`);
    noisyReceived = 0;
    const noiseStarted = performance.now();
    startNoise();
    // Let the noisy designer's backlog build and fill its share first.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const pendingBefore = await noisyPending();
    const beside = await quietWrites(`${name}: beside the noisy designer`);
    const noisyPerSecond = noisyReceived / ((performance.now() - noiseStarted) / 1000);
    const backlog = `${String(pendingBefore)} → ${String(await noisyPending())}`;
    return { alone, beside, noisyPerSecond, backlog };
  } finally {
    noising = false;
    await noise;
    await database.end();
    await bus.close();
    for (const answer of held) answer.destroy();
    await services.stop();
  }
}

const fair = await scenario('defaults', {});
// The same with one designer allowed every send slot (as before DELIVERY_PER_DESIGNER): what the share buys.
const unshared = await scenario('DELIVERY_PER_DESIGNER 16', { DELIVERY_PER_DESIGNER: '16' });

console.log(
  `\nTen quiet designers' write-to-receipt latency (${String(WRITES)} sequential writes each, all ten at once), alone and beside a designer with ${String(NOISY_WEBHOOKS)} webhooks at receivers answering after 4 s and ${String(NOISY_RATE)} events/s to all of them`,
);
console.log(`${'case'.padEnd(70)} ${'writes'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'× p99'.padStart(8)}`);
for (const { alone, beside } of [fair, unshared]) {
  for (const sample of [alone, beside]) {
    console.log(
      `${sample.label.padEnd(70)} ${String(sample.ms.length).padStart(7)} ${quantile(sample.ms, 0.5).toFixed(1).padStart(8)} ${quantile(sample.ms, 0.99).toFixed(1).padStart(8)} ${(quantile(sample.ms, 0.99) / quantile(alone.ms, 0.99)).toFixed(2).padStart(8)}`,
    );
  }
}
console.log('\nThe noisy designer meanwhile (its deliveries received per second since its load began, its backlog over the quiet writes)');
for (const [name, outcome] of [
  ['defaults', fair],
  ['DELIVERY_PER_DESIGNER 16', unshared],
] as const) {
  console.log(`${name.padEnd(30)} ${outcome.noisyPerSecond.toFixed(1).padStart(6)}/s   backlog ${outcome.backlog} pending`);
}

receiver.closeAllConnections();
receiver.close();
