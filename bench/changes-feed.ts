/**
 * The changes feed (target: write → change received by a waiting client p50 ≤ 30 ms, p99 ≤ 100 ms;
 * 1,000 open idle streams, the memory each costs the gateway and the catalog, and one write seen by
 * all 1,000 with p99 ≤ 250 ms). Auth, catalog and gateway each started alone from their main.ts on
 * the real Postgres, Kafka and Redis `scripts/infra up` starts.
 *  - Latency: BENCH_WRITES writes of one card through the gateway, each timed from when it was sent
 *    (and from when it was answered, i.e. committed) to when a client waiting on the feed had it:
 *    a stream through the gateway, a long-poll through the gateway, and a stream straight from the
 *    catalog (the gateway's share), all three waiting at once on the same writes.
 *  - Fan-out, twice: with catalog and gateway as the images run them, then with a second pair given
 *    a young generation of BENCH_ROOMY_SEMI_SPACE_MB (8) MB per semi-space. Each time BENCH_STREAMS
 *    streams of one designer opened through the gateway (the catalog's per-designer share raised to
 *    hold them all), the RSS of the gateway and the catalog before, with half and with all open (per
 *    stream: from the second half), then BENCH_FANOUT_WRITES writes (after one warm-up, shown
 *    apart), each timed to its arrival on every stream.
 * Run: `npm run bench:changes`; BENCH_CPU_PROF=<dir> leaves a CPU profile of each service there.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { IMAGE_NODE_OPTIONS } from '../tests/support/service-process.ts';
import { testSecret } from '../tests/support/standalone-env.ts';
import { callJson as call } from './support/bench-api.ts';
import { ChangeFollower } from '../tests/support/change-follower.ts';
import { quantile } from './support/measure.ts';
import { processMemoryMb } from './support/process-memory.ts';
import type { StartedService } from './support/services.ts';
import { standaloneBench } from './support/standalone-bench.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const FANOUT_WRITES = Number(process.env.BENCH_FANOUT_WRITES ?? 20);
/** The young generation (MB per semi-space) the second fan-out runs catalog and gateway with. */
const ROOMY_SEMI_SPACE_MB = Number(process.env.BENCH_ROOMY_SEMI_SPACE_MB ?? 8);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
// The collector of this process only (not of the services measured), as `node --expose-gc` would give it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const { world, startIn, close } = await standaloneBench('bench_cf', LOG_LEVEL);

const catalogSettings = { CHANGES_MAX_WAITING_PER_DESIGNER: String(STREAMS + 10) };
const gatewaySettings = { RATE_LIMIT_READS_PER_MINUTE: '1000000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000000' };
const catalog = await startIn('catalog', catalogSettings);
const auth = await startIn('auth');
const gateway = await startIn('gateway', gatewaySettings);
const pidOf = (service: StartedService): number => service.child.pid ?? Number.NaN;

const admin = (path: string, body: unknown) =>
  call(`http://127.0.0.1:${String(auth.internalPort)}/admin${path}`, 'POST', { authorization: `Bearer ${testSecret('admin')}` }, body);
const designer = (await admin('/designers', { name: 'Bench', email: `${world.namespace}@example.com`, password: 'password1' })) as { id: number };
const SCOPES = ['projects:write', 'components:read', 'components:write'];
const { token } = (await admin('/tokens', { designer_id: designer.id, scopes: SCOPES.join(' ') })) as { token: string };
const bearer = { authorization: `Bearer ${token}` };
const api = `http://127.0.0.1:${String(gateway.port)}/api/v1`;
const project = ((await call(`${api}/projects`, 'POST', bearer, { name: 'Bench' })) as { data: { id: number } }).data.id;
const head = ((await call(`${api}/changes/head`, 'GET', bearer)) as { cursor: string }).cursor;
const principal = await issuePrincipalToken(
  { designerId: designer.id, source: 'api:personal', scopes: SCOPES, plan: { storageLimitBytes: 1e9, unlockedProjectLimit: null }, requestId: 'bench' },
  testSecret('principal'),
);

/** Writes one card; resolves with when it was sent and when it was answered (committed). */
async function write(uniqueId: string, through = api): Promise<{ sent: number; answered: number }> {
  const sent = performance.now();
  await call(`${through}/projects/${String(project)}/components/batch`, 'POST', bearer, {
    type: 'card',
    components: [{ unique_id: uniqueId, name: uniqueId }],
  });
  return { sent, answered: performance.now() };
}

/** A long-poll loop through the gateway, noting when each card's change arrived. */
function longPoller(): { arrival: (uniqueId: string) => Promise<number>; stop: () => void } {
  const seen = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const stopper = new AbortController();
  void (async () => {
    let cursor = head;
    while (!stopper.signal.aborted) {
      const answer = await fetch(`${api}/changes?after=${cursor}&wait=30`, { headers: bearer, signal: stopper.signal }).catch(() => undefined);
      if (!answer) return;
      const page = (await answer.json()) as { data: { unique_id: string | null }[]; meta: { cursor: string } };
      const now = performance.now();
      for (const change of page.data) {
        if (change.unique_id === null) continue;
        seen.set(change.unique_id, now);
        waiters.get(change.unique_id)?.(now);
      }
      cursor = page.meta.cursor;
    }
  })();
  return {
    arrival: (uniqueId) => {
      const at = seen.get(uniqueId);
      return at === undefined ? new Promise((resolve) => waiters.set(uniqueId, resolve)) : Promise.resolve(at);
    },
    stop: () => {
      stopper.abort();
    },
  };
}

const median = (values: readonly number[]): number => quantile(values, 0.5);
const header = (first: string): string => `${first.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`;
const row = (label: string, values: readonly number[]): string =>
  `${label.padEnd(34)} ${median(values).toFixed(1).padStart(8)} ${quantile(values, 0.99).toFixed(1).padStart(8)} ${Math.max(...values)
    .toFixed(1)
    .padStart(8)}`;

// 1. Write → received, three waiting clients at once on the same writes.
const changesUrl = (origin: string, after = head): string => `${origin}/api/v1/changes?after=${after}`;
const viaGateway = new ChangeFollower(changesUrl(`http://127.0.0.1:${String(gateway.port)}`), bearer);
const direct = new ChangeFollower(changesUrl(`http://127.0.0.1:${String(catalog.port)}`), { [INTERNAL_PRINCIPAL_HEADER]: principal });
const polled = longPoller();
await Promise.all([viaGateway.opened, direct.opened]);
const latencies = { gateway: [] as number[], answered: [] as number[], polled: [] as number[], direct: [] as number[] };
for (let index = -20; index < WRITES; index += 1) {
  const uniqueId = `w${String(index)}`;
  const { sent, answered } = await write(uniqueId);
  const [streamed, longPolled, straight] = await Promise.all([viaGateway.arrival(uniqueId), polled.arrival(uniqueId), direct.arrival(uniqueId)]);
  if (index < 0) continue; // warm-up: JIT, pools, caches
  latencies.gateway.push(streamed - sent);
  latencies.answered.push(streamed - answered);
  latencies.polled.push(longPolled - sent);
  latencies.direct.push(straight - sent);
  await sleep(5);
}
polled.stop();
viaGateway.close();
direct.close();
console.log(
  `\nWrite → change received by a waiting client: ${String(WRITES)} writes of one card through the gateway, one at a time (target: p50 ≤ 30 ms, p99 ≤ 100 ms)`,
);
console.log(header('client'));
console.log(row('stream via gateway, from sent', latencies.gateway));
console.log(row('stream via gateway, from committed', latencies.answered));
console.log(row('long-poll via gateway, from sent', latencies.polled));
console.log(row('stream from catalog, from sent', latencies.direct));

// 2. Many idle streams: what each costs, and one write seen by all; as the images run the services, then with a roomier young generation.
/** `tag` keeps each run's cards apart. */
async function manyStreams(pair: { gateway: StartedService; catalog: StartedService }, title: string, tag: string): Promise<void> {
  const origin = `http://127.0.0.1:${String(pair.gateway.port)}`;
  const memory = (): { gateway: number; catalog: number } => ({
    gateway: processMemoryMb(pidOf(pair.gateway)).rss,
    catalog: processMemoryMb(pidOf(pair.catalog)).rss,
  });
  await sleep(2_000);
  const before = memory();
  // From the head as it is now: the streams are idle from the start, so what they cost is not mixed with catching up on the writes above.
  const idleHead = ((await call(`${origin}/api/v1/changes/head`, 'GET', bearer)) as { cursor: string }).cursor;
  const followers: ChangeFollower[] = [];
  const openStreams = async (count: number): Promise<void> => {
    for (let opened = 0; opened < count; opened += 50) {
      const batch = Array.from({ length: Math.min(50, count - opened) }, () => new ChangeFollower(changesUrl(origin, idleHead), bearer));
      followers.push(...batch);
      await Promise.all(batch.map((follower) => follower.opened));
    }
    await sleep(3_000);
  };
  // Each stream's cost is taken from the second half: the first half's may partly reuse pages earlier work freed.
  const firstHalf = Math.floor(STREAMS / 2);
  await openStreams(firstHalf);
  const half = memory();
  await openStreams(STREAMS - firstHalf);
  const after = memory();
  const fanout: number[] = [];
  const lastOfAll: number[] = [];
  let cold: number[] = [];
  for (let index = -1; index < FANOUT_WRITES; index += 1) {
    const uniqueId = `${tag}${String(index)}`;
    const { sent } = await write(uniqueId, `${origin}/api/v1`);
    const arrivals = (await Promise.all(followers.map((follower) => follower.arrival(uniqueId)))).map((at) => at - sent);
    await sleep(500);
    // The bench's own thousand followers (everything they received kept) make garbage: collected here, between writes, not while one is timed.
    collectGarbage();
    // The first write after the streams opened is a warm-up, as in the latency section (JIT and GC of the fan-out's path at this scale): shown on its own.
    if (index < 0) cold = arrivals;
    else {
      fanout.push(...arrivals);
      lastOfAll.push(Math.max(...arrivals));
    }
  }
  const reconnects = followers.reduce((total, follower) => total + follower.reconnects, 0);
  for (const follower of followers) follower.close();

  const perStreamKb = (mb: number): string => ((mb * 1024) / (STREAMS - firstHalf)).toFixed(1);
  console.log(
    `\n${title}: ${String(STREAMS)} open idle streams of one designer through the gateway (${String(reconnects)} reconnects at the server's 60 s end)`,
  );
  console.log(
    `${'process'.padEnd(10)} ${'RSS before MB'.padStart(14)} ${`${String(firstHalf)} open MB`.padStart(12)} ${`${String(STREAMS)} open MB`.padStart(12)} ${'per stream KB'.padStart(14)}`,
  );
  for (const name of ['gateway', 'catalog'] as const)
    console.log(
      `${name.padEnd(10)} ${before[name].toFixed(1).padStart(14)} ${half[name].toFixed(1).padStart(12)} ${after[name].toFixed(1).padStart(12)} ${perStreamKb(after[name] - half[name]).padStart(14)}`,
    );
  console.log(`One write seen by all ${String(STREAMS)} streams, ${String(FANOUT_WRITES)} writes (target: p99 ≤ 250 ms)`);
  console.log(header(''));
  console.log(row('each stream, from sent', fanout));
  console.log(row('the last of all, from sent', lastOfAll));
  console.log(row('first write after opening (cold)', cold));
}

await manyStreams({ gateway, catalog }, `As the images run them (young generation ${IMAGE_NODE_OPTIONS})`, 'image-f');
// A second catalog and gateway (the gateway started after it proxies to it), as operations.md ("Held requests") advises for pods holding many streams.
const roomier = { NODE_OPTIONS: `--max-semi-space-size=${String(ROOMY_SEMI_SPACE_MB)}` };
const roomyCatalog = await startIn('catalog', { ...catalogSettings, ...roomier });
const roomyGateway = await startIn('gateway', { ...gatewaySettings, ...roomier });
await manyStreams({ gateway: roomyGateway, catalog: roomyCatalog }, `Catalog and gateway with ${roomier.NODE_OPTIONS}`, 'roomy-f');

await close();
