/**
 * Memory under load (target: RSS after a 60 s mixed load ≤ 1.5× idle, and flat over a second
 * 60 s). The five services started alone from their main.ts, as deployed (the image's NODE_OPTIONS,
 * its compile cache filled first), on the real Postgres, Kafka, Redis and MinIO `scripts/infra up`
 * starts; each one's resident set (VmRSS, /proc) read BENCH_SETTLE_SECONDS after it is ready (idle),
 * then after BENCH_SECONDS of mixed load through the gateway, after a second BENCH_SECONDS of the
 * same load, and after BENCH_REST_SECONDS of rest. The load, on loopback with a real bearer token
 * (the gateway's rate limits raised so that nothing is refused):
 *  - autocannon: a 12-component page, the project list, and 5-row component batches whose names
 *    alternate, so every write changes rows and emits components.changed;
 *  - BENCH_UPLOADS_PER_SECOND small PNG uploads, every other one converted to WebP (sharp);
 *  - one webhook registered to a loopback receiver, which checks each delivery's signature.
 * RSS is also sampled every BENCH_SAMPLE_SECONDS under load, to tell a plateau from a climb.
 * Run: `npm run bench:rss-load` (BENCH_SECONDS=10 for a quick check). BENCH_NODE_OPTIONS_<SERVICE>
 * (e.g. BENCH_NODE_OPTIONS_CATALOG=--heapsnapshot-signal=SIGUSR2) is added to that service's NODE_OPTIONS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import autocannon, { type Options } from 'autocannon';
import sharp from 'sharp';
import { createTestDatabase, eventually, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { IMAGE_NODE_OPTIONS, warmCompileCache, type ServiceProcess } from '../tests/support/service-process.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, testSecret, type Service, type StandaloneWorld } from '../tests/support/standalone-env.ts';
import { callJson as call, pageOfCards } from './support/bench-api.ts';
import { processMemoryMb } from './support/process-memory.ts';
import { startEveryService } from './support/services.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const UPLOADS_PER_SECOND = Number(process.env.BENCH_UPLOADS_PER_SECOND ?? 3);
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const TARGET_RATIO = 1.5;
const FLAT_PERCENT = 5;
const COMPONENTS = 12;
const BATCH_ROWS = 5;
/** Row sets the batch writes take in turn: more than the write connections, so no two writes in flight touch the same rows. */
const BATCH_SETS = 4;
const CONNECTIONS = { page: 4, list: 2, batch: 2 } as const;
const UNLIMITED = '1000000000';

type Kind = 'page' | 'list' | 'batch' | 'upload';
const KINDS: readonly Kind[] = ['page', 'list', 'batch', 'upload'];

// The receiver: counts deliveries (and distinct delivery ids), and those whose signature does not verify with the webhook's secret.
let hookSecret = '';
const deliveries = { received: 0, badSignature: 0, ids: new Set<string>() };
const receiver = createServer((incoming, answer) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const timestamp = String(incoming.headers['x-svc-timestamp']);
    const expected = Buffer.from(`sha256=${createHmac('sha256', hookSecret).update(`${timestamp}.`).update(Buffer.concat(chunks)).digest('hex')}`);
    const signature = Buffer.from(String(incoming.headers['x-svc-signature']));
    deliveries.received += 1;
    deliveries.ids.add(String(incoming.headers['x-svc-delivery']));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) deliveries.badSignature += 1;
    answer.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;

for (const service of SERVICES) await warmCompileCache(service);
const databases = await Promise.all(DATABASE_SERVICES.map((service) => createTestDatabase(`rssload_${service}`)));
const world: StandaloneWorld = {
  namespace: uniqueName('rssload'),
  bucket: uniqueName('rssload').replace(/_/g, '-').toLowerCase(),
  databaseUrls: Object.fromEntries(DATABASE_SERVICES.map((service, i) => [service, databases[i]?.url ?? ''])),
  listeners: await freeListeners(),
};

/** What the bench changes in a service's environment: limits that would refuse the load, the loopback receiver, extra NODE_OPTIONS. */
function benchEnv(service: Service): Record<string, string> {
  const extraNodeOptions = process.env[`BENCH_NODE_OPTIONS_${service.toUpperCase()}`];
  return {
    ...(service === 'gateway' ? { RATE_LIMIT_READS_PER_MINUTE: UNLIMITED, RATE_LIMIT_WRITES_PER_MINUTE: UNLIMITED } : {}),
    ...(service === 'webhook' ? { SSRF_ALLOW_CIDRS: '127.0.0.1/32' } : {}),
    ...(extraNodeOptions ? { NODE_OPTIONS: `${IMAGE_NODE_OPTIONS} ${extraNodeOptions}` } : {}),
  };
}

const running = new Map<Service, ServiceProcess>();
// A benchmark that fails leaves no service behind.
process.on('exit', () => {
  for (const { child } of running.values()) if (child.exitCode === null) child.kill('SIGKILL');
});
await startEveryService(world, (service) => ({ LOG_LEVEL, ...benchEnv(service) }), running);

const pids = Object.fromEntries(SERVICES.map((service) => [service, running.get(service)?.child.pid ?? Number.NaN])) as Record<Service, number>;
const rssNow = (): Record<Service, number> =>
  Object.fromEntries(SERVICES.map((service) => [service, processMemoryMb(pids[service]).rss])) as Record<Service, number>;

await setTimeout(SETTLE_SECONDS * 1000);
const idle = rssNow();

// A designer with room for every upload and a personal token; a project holding one page of components,
// another that the batches write to, and a webhook on those writes, all through the gateway.
const admin = (path: string, body: unknown) =>
  call(`http://127.0.0.1:${String(world.listeners.auth.internalPort)}/admin${path}`, 'POST', { authorization: `Bearer ${testSecret('admin')}` }, body);
const designer = (await admin('/designers', {
  name: 'Bench',
  email: `${world.namespace}@example.com`,
  password: 'password1',
  storage_limit_bytes: 1e12,
})) as { id: number };
const scopes = 'projects:read projects:write components:read components:write assets:write webhooks:write';
const { token } = (await admin('/tokens', { designer_id: designer.id, scopes })) as { token: string };
const bearer = { authorization: `Bearer ${token}` };
const gatewayOrigin = `http://127.0.0.1:${String(world.listeners.gateway.port)}`;
const api = `${gatewayOrigin}/api/v1`;
const createProject = async (name: string): Promise<number> => ((await call(`${api}/projects`, 'POST', bearer, { name })) as { data: { id: number } }).data.id;
const pageProject = await createProject('Page');
const writeProject = await createProject('Writes');
await call(`${api}/projects/${String(pageProject)}/components/batch`, 'POST', bearer, {
  type: 'card',
  components: pageOfCards(COMPONENTS),
});
hookSecret = ((await call(`${api}/webhooks`, 'POST', bearer, { url: hookUrl, events: ['components.changed'] })) as { secret: string }).secret;

let batchesSent = 0;
/** The next batch: set n mod BATCH_SETS, its names alternating between two versions from one turn to the next. */
function nextBatch(): string {
  const set = batchesSent % BATCH_SETS;
  const version = Math.floor(batchesSent / BATCH_SETS) % 2;
  batchesSent += 1;
  return JSON.stringify({
    type: 'card',
    components: Array.from({ length: BATCH_ROWS }, (_, row) => ({
      unique_id: `w${String(set)}-${String(row)}`,
      name: `Row ${String(set)}-${String(row)} v${String(version)}`,
      quantity: 1,
      sort_order: row,
    })),
  });
}
const batchPath = `/api/v1/projects/${String(writeProject)}/components/batch`;

// The consumer joins Kafka in the background after ready: wait until one write comes through end to end.
await call(`${gatewayOrigin}${batchPath}`, 'POST', bearer, JSON.parse(nextBatch()));
await eventually(() => (deliveries.received > 0 ? true : undefined), 60_000, 'the first webhook delivery');

const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

interface Tally {
  ok: number;
  refused: Map<number, number>;
  errors: number;
  seconds: number;
}
const emptyTally = (): Tally => ({ ok: 0, refused: new Map(), errors: 0, seconds: 0 });

async function cannon(options: Options): Promise<Tally> {
  const tally = emptyTally();
  const instance = autocannon(options);
  instance.on('response', (_client, status) => {
    if (status < 300) tally.ok += 1;
    else tally.refused.set(status, (tally.refused.get(status) ?? 0) + 1);
  });
  const result = await instance;
  return { ...tally, errors: result.errors + result.timeouts, seconds: result.duration };
}

/** Open loop: one upload every 1/rate s on schedule, whatever the previous ones are doing. */
async function uploads(seconds: number): Promise<Tally> {
  const tally = emptyTally();
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < Math.round(UPLOADS_PER_SECOND * seconds); index += 1) {
    const wait = started + (index * 1000) / UPLOADS_PER_SECOND - performance.now();
    if (wait >= 1) await setTimeout(wait);
    const form = new FormData();
    form.set('file', new Blob([png], { type: 'image/png' }), `tile-${String(index % 10)}.png`);
    if (index % 2 === 1) form.set('convert_to_webp', 'true');
    pending.push(
      fetch(`${api}/projects/${String(writeProject)}/assets`, { method: 'POST', headers: bearer, body: form }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status < 300) tally.ok += 1;
          else tally.refused.set(response.status, (tally.refused.get(response.status) ?? 0) + 1);
        },
        () => {
          tally.errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  return { ...tally, seconds: (performance.now() - started) / 1000 };
}

/** Every kind of request at once for `seconds`. */
async function mixedLoad(seconds: number): Promise<Record<Kind, Tally>> {
  const [page, list, batch, upload] = await Promise.all([
    cannon({ url: `${api}/projects/${String(pageProject)}/components`, connections: CONNECTIONS.page, duration: seconds, headers: bearer }),
    cannon({ url: `${api}/projects`, connections: CONNECTIONS.list, duration: seconds, headers: bearer }),
    cannon({
      url: `${gatewayOrigin}${batchPath}`,
      connections: CONNECTIONS.batch,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: batchPath,
          headers: { ...bearer, 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: nextBatch() }),
        },
      ],
    }),
    uploads(seconds),
  ]);
  return { page, list, batch, upload };
}

// RSS every SAMPLE_SECONDS while loaded, to tell a plateau from a climb.
const timeline: { second: number; rss: Record<Service, number> }[] = [];
const loadStarted = performance.now();
const sampler = setInterval(() => timeline.push({ second: Math.round((performance.now() - loadStarted) / 1000), rss: rssNow() }), SAMPLE_SECONDS * 1000);
const firstLoad = await mixedLoad(SECONDS);
const afterFirst = rssNow();
const secondLoad = await mixedLoad(SECONDS);
const afterSecond = rssNow();
clearInterval(sampler);
await setTimeout(REST_SECONDS * 1000);
const rested = rssNow();
const peaks = Object.fromEntries(SERVICES.map((service) => [service, processMemoryMb(pids[service]).peak])) as Record<Service, number>;

const mb = (value: number): string => `${value.toFixed(0)} MB`;
const s = String;
console.log(
  `\nRSS of every service under a mixed load through the gateway (targets: after ${s(SECONDS)} s ≤ ${s(TARGET_RATIO)}× idle; flat over a second ${s(SECONDS)} s, growth < ${s(FLAT_PERCENT)}%)`,
);
console.log(
  `${'service'.padEnd(10)} ${'idle'.padStart(8)} ${`after ${s(SECONDS)} s`.padStart(13)} ${`after ${s(2 * SECONDS)} s`.padStart(13)} ${`+${s(REST_SECONDS)} s idle`.padStart(12)} ${'peak'.padStart(8)} ${`× idle (${s(SECONDS)} s)`.padStart(14)} ${`growth ${s(SECONDS)}→${s(2 * SECONDS)} s`.padStart(20)}`,
);
for (const service of SERVICES) {
  const growth = afterSecond[service] - afterFirst[service];
  console.log(
    `${service.padEnd(10)} ${mb(idle[service]).padStart(8)} ${mb(afterFirst[service]).padStart(13)} ${mb(afterSecond[service]).padStart(13)} ${mb(rested[service]).padStart(12)} ${mb(peaks[service]).padStart(8)} ${`${(afterFirst[service] / idle[service]).toFixed(2)}×`.padStart(14)} ${`${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB (${((100 * growth) / afterFirst[service]).toFixed(1)}%)`.padStart(20)}`,
  );
}

console.log(`\nRSS every ${s(SAMPLE_SECONDS)} s of load (MB)`);
console.log(`${'second'.padEnd(10)} ${SERVICES.map((service) => service.padStart(8)).join(' ')}`);
for (const sample of timeline) console.log(`${s(sample.second).padEnd(10)} ${SERVICES.map((service) => sample.rss[service].toFixed(0).padStart(8)).join(' ')}`);

const describeKind: Record<Kind, string> = {
  page: `GET a ${s(COMPONENTS)}-component page (autocannon -c ${s(CONNECTIONS.page)})`,
  list: `GET the project list (autocannon -c ${s(CONNECTIONS.list)})`,
  batch: `POST a ${s(BATCH_ROWS)}-row batch, names alternating (-c ${s(CONNECTIONS.batch)})`,
  upload: `POST a ${s(png.length)}-byte PNG (${s(UPLOADS_PER_SECOND)}/s, half to WebP)`,
};
console.log(`\nRequests through the gateway, in each ${s(SECONDS)} s phase of load`);
console.log(`${'kind'.padEnd(56)} ${'phase'.padStart(7)} ${'2xx'.padStart(8)} ${'per s'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`);
for (const kind of KINDS) {
  for (const [minute, load] of [firstLoad, secondLoad].entries()) {
    const tally = load[kind];
    const refused = [...tally.refused].map(([status, count]) => `${s(count)}×${s(status)}`).join(' ') || '0';
    console.log(
      `${describeKind[kind].padEnd(56)} ${s(minute + 1).padStart(7)} ${s(tally.ok).padStart(8)} ${(tally.ok / tally.seconds).toFixed(0).padStart(8)} ${refused.padStart(8)} ${s(tally.errors).padStart(7)}`,
    );
  }
}
// Every batch answered under load changed rows, as did the first write; a few more were in flight when each phase ended, and the page's write may be delivered too.
const writes = firstLoad.batch.ok + secondLoad.batch.ok + 1;
console.log(
  `webhook deliveries at the loopback receiver ${s(REST_SECONDS)} s after the load: ${s(deliveries.received)} (${s(deliveries.ids.size)} distinct ids) for ${s(writes)} changing batch writes, ${s(deliveries.badSignature)} with a bad signature`,
);

const exited = [...running.values()].map((process_) => process_.exited);
for (const { child } of running.values()) child.kill('SIGTERM');
await Promise.all(exited);
await Promise.all(databases.map((database) => database.drop()));
await removeTestBucket(world.bucket).catch(() => undefined);
receiver.closeAllConnections();
receiver.close();
