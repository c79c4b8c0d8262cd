/**
 * What the gateway costs a read (target: ≥ 90% of direct req/s, ≤ +1 ms p50 and ≤ +3 ms p99 at
 * half load). Auth, catalog and gateway each started alone from their main.ts on the real Postgres,
 * Kafka and Redis `scripts/infra up` starts; one component page (12 components, ~9 KB of JSON) read
 *  - direct: straight from the catalog, with the signed principal the gateway would send;
 *  - nginx: Debian's nginx (installed by bench/support/nginx.sh when missing), `proxy_pass` to the
 *    catalog over a keep-alive upstream pool, the principal set by `proxy_set_header`;
 *  - gateway: with a real bearer token (introspection cached, the Redis rate limit counted, a
 *    principal signed per request; the limit is raised so that no call is refused).
 * First req/s at saturation (autocannon, BENCH_CONNECTIONS connections), then latency at a fixed rate
 * of half the direct saturation; BENCH_ROUNDS alternating rounds of BENCH_SECONDS per case. CPU per
 * request of each process from the kernel's accounting (/proc/<pid>/stat).
 * Run: `npm run bench:gateway`. BENCH_CASES=gateway runs one case alone; BENCH_GATEWAY_NODE_OPTIONS
 * is handed to the gateway process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { testSecret } from '../tests/support/standalone-env.ts';
import { callJson as call, pageOfCards } from './support/bench-api.ts';
import { quantile } from './support/measure.ts';
import { ensureNginx, startNginx } from './support/nginx.ts';
import { startNodeProxy } from './support/node-proxy.ts';
import { processCpuMs } from './support/process-cpu.ts';
import type { StartedService } from './support/services.ts';
import { standaloneBench } from './support/standalone-bench.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const COMPONENTS = 12;

type CaseName = 'direct' | 'nginx' | 'node' | 'gateway';
const CASES = (process.env.BENCH_CASES?.split(',') ?? ['direct', 'nginx', 'node', 'gateway']) as CaseName[];

const nginxBinary = CASES.includes('nginx') ? ensureNginx() : '';
const { world, startIn, close } = await standaloneBench('bench_gw', LOG_LEVEL);

const catalog = await startIn('catalog');
const auth = await startIn('auth');
const gateway = await startIn('gateway', {
  RATE_LIMIT_READS_PER_MINUTE: '1000000000',
  ...(process.env.BENCH_GATEWAY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_GATEWAY_NODE_OPTIONS } : {}),
});
const pidOf = (service: StartedService): number => service.child.pid ?? Number.NaN;

// A designer with a personal token, and a project holding one page of components, written through the gateway.
const admin = (path: string, body: unknown) =>
  call(`http://127.0.0.1:${String(auth.internalPort)}/admin${path}`, 'POST', { authorization: `Bearer ${testSecret('admin')}` }, body);
const designer = (await admin('/designers', { name: 'Bench', email: `${world.namespace}@example.com`, password: 'password1' })) as { id: number };
const { token } = (await admin('/tokens', { designer_id: designer.id, scopes: 'projects:write components:read components:write' })) as { token: string };
const bearer = { authorization: `Bearer ${token}` };
const api = `http://127.0.0.1:${String(gateway.port)}/api/v1`;
const project = ((await call(`${api}/projects`, 'POST', bearer, { name: 'Bench' })) as { data: { id: number } }).data.id;
await call(`${api}/projects/${String(project)}/components/batch`, 'POST', bearer, {
  type: 'card',
  components: pageOfCards(COMPONENTS),
});
const path = `/api/v1/projects/${String(project)}/components`;

/** The principal the gateway would send for this token; signed afresh for each run, since it lives a minute. */
const principal = (): Promise<string> =>
  issuePrincipalToken(
    {
      designerId: designer.id,
      source: 'api:personal',
      scopes: ['projects:write', 'components:read', 'components:write'],
      plan: { storageLimitBytes: 1e9, unlockedProjectLimit: null },
      requestId: 'bench',
    },
    testSecret('principal'),
  );

interface Target {
  url: string;
  headers: Record<string, string>;
  /** The proxying process (none when direct) and the catalog, for CPU accounting. */
  proxyPid: number | undefined;
  done: () => Promise<void>;
}

async function target(name: CaseName): Promise<Target> {
  const direct = `http://127.0.0.1:${String(catalog.port)}${path}`;
  switch (name) {
    case 'direct':
      return { url: direct, headers: { [INTERNAL_PRINCIPAL_HEADER]: await principal() }, proxyPid: undefined, done: () => Promise.resolve() };
    case 'nginx': {
      const nginx = await startNginx(nginxBinary, catalog.port, { [INTERNAL_PRINCIPAL_HEADER]: await principal() });
      return { url: `http://127.0.0.1:${String(nginx.port)}${path}`, headers: {}, proxyPid: nginx.pid, done: () => nginx.stop() };
    }
    case 'node': {
      const node = await startNodeProxy(catalog.port, { [INTERNAL_PRINCIPAL_HEADER.toLowerCase()]: await principal() });
      return { url: `http://127.0.0.1:${String(node.port)}${path}`, headers: {}, proxyPid: node.pid, done: () => node.stop() };
    }
    case 'gateway':
      return { url: `${api}/projects/${String(project)}/components`, headers: bearer, proxyPid: pidOf(gateway), done: () => Promise.resolve() };
  }
}

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  proxyCpuMs: number;
  catalogCpuMs: number;
}

interface Load {
  answered: number;
  seconds: number;
  /** Milliseconds, to the microsecond (autocannon's own histogram keeps whole ms). */
  latencies: number[];
}

/** autocannon: at saturation, or with `overallRate` (each connection then sends its quota for the second back to back, and waits). */
async function cannon(url: string, headers: Record<string, string>, seconds: number, rate?: number): Promise<Load> {
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, ...(rate === undefined ? {} : { overallRate: rate }) });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
    else refused.set(status, (refused.get(status) ?? 0) + 1);
  });
  const result = await instance;
  // Any answer but 200 is a fault. A socket error or time-out now and then is the load generator's
  // own lot at saturation on two shared cores; more than one in a thousand is not.
  if (refused.size > 0 || result.errors > result['2xx'] / 1000)
    throw new Error(`${url}: answers other than 200 ${JSON.stringify([...refused])}, ${String(result.errors)} errors`);
  if (result.errors > 0) process.stderr.write(`${url}: ${String(result.errors)} socket errors or time-outs in ${String(result['2xx'])} answers\n`);
  return { answered: result['2xx'], seconds: result.duration, latencies };
}

/**
 * Open loop: one request every 1/rate s on schedule, over CONNECTIONS keep-alive connections, each
 * timed from when it was due (a late start counts against the server, not hidden by the client).
 */
async function paced(url: string, headers: Record<string, string>, seconds: number, rate: number): Promise<Load> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections: CONNECTIONS });
  const latencies: number[] = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await setTimeout(wait);
    requests.push(
      pool.request({ path: `${pathname}${search}`, method: 'GET', headers }).then(async (answer) => {
        await answer.body.arrayBuffer();
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${String(answer.statusCode)}`);
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(requests);
  await pool.close();
  return { answered: total, seconds: (performance.now() - started) / 1000, latencies };
}

type LoadKind = 'saturation' | 'paced' | 'overallRate';

async function run(name: CaseName, kind: LoadKind, seconds: number, rate = 0): Promise<Run> {
  const { url, headers, proxyPid, done } = await target(name);
  try {
    const cpuBefore = { proxy: proxyPid === undefined ? 0 : processCpuMs(proxyPid), catalog: processCpuMs(pidOf(catalog)) };
    const load = kind === 'paced' ? await paced(url, headers, seconds, rate) : await cannon(url, headers, seconds, kind === 'overallRate' ? rate : undefined);
    return {
      perSecond: load.answered / load.seconds,
      p50: quantile(load.latencies, 0.5),
      p99: quantile(load.latencies, 0.99),
      proxyCpuMs: proxyPid === undefined ? 0 : (processCpuMs(proxyPid) - cpuBefore.proxy) / load.answered,
      catalogCpuMs: (processCpuMs(pidOf(catalog)) - cpuBefore.catalog) / load.answered,
    };
  } finally {
    await done();
  }
}

/** Each case once per round, in turn, so drift on a noisy machine falls on all of them alike. */
async function rounds(kind: LoadKind, rate?: number): Promise<Record<CaseName, Run[]>> {
  const runs = Object.fromEntries(CASES.map((name) => [name, [] as Run[]])) as Record<CaseName, Run[]>;
  for (let round = 0; round < ROUNDS; round += 1) for (const name of CASES) runs[name].push(await run(name, kind, SECONDS, rate));
  return runs;
}

const median = (values: readonly number[]): number => quantile(values, 0.5);
const range = (values: readonly number[], digits: number): string => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
const first = CASES[0] ?? 'direct';
const proxyCpu = (name: CaseName, runs: readonly Run[]): string => (name === 'direct' ? '—' : median(runs.map((entry) => entry.proxyCpuMs)).toFixed(3));

const page = await (await fetch(`${api}/projects/${String(project)}/components`, { headers: bearer })).text();
for (const name of CASES) await run(name, 'saturation', 3); // warm-up: JIT, pools, caches
const saturated = await rounds('saturation');
const baselineRate = median(saturated[first].map((entry) => entry.perSecond));

console.log(
  `\nOne component page (${String(COMPONENTS)} components, ${String(Buffer.byteLength(page))} bytes of JSON) at saturation: autocannon -c ${String(CONNECTIONS)}, ${String(ROUNDS)} × ${String(SECONDS)} s per case, alternating (target: gateway ≥ 0.90× direct)`,
);
console.log(
  `${'case'.padEnd(10)} ${'req/s median'.padStart(13)} ${'range'.padStart(11)} ${`× ${first}`.padStart(9)} ${'proxy CPU ms/req'.padStart(17)} ${'catalog CPU ms/req'.padStart(19)}`,
);
for (const name of CASES) {
  const runs = saturated[name];
  const rates = runs.map((entry) => entry.perSecond);
  console.log(
    `${name.padEnd(10)} ${median(rates).toFixed(0).padStart(13)} ${range(rates, 0).padStart(11)} ${`${(median(rates) / baselineRate).toFixed(2)}×`.padStart(9)} ${proxyCpu(name, runs).padStart(17)} ${median(
      runs.map((entry) => entry.catalogCpuMs),
    )
      .toFixed(3)
      .padStart(19)}`,
  );
}

const halfRate = Math.round(baselineRate / 2);
function printLatencies(title: string, runs: Record<CaseName, Run[]>): void {
  const baseP50 = median(runs[first].map((entry) => entry.p50));
  const baseP99 = median(runs[first].map((entry) => entry.p99));
  console.log(`\n${title}`);
  console.log(
    `${'case'.padEnd(10)} ${'p50 ms'.padStart(8)} ${'range'.padStart(11)} ${'p99 ms'.padStart(8)} ${'range'.padStart(13)} ${`Δp50 ms`.padStart(8)} ${`Δp99 ms`.padStart(8)} ${'proxy CPU ms/req'.padStart(17)}`,
  );
  for (const name of CASES) {
    const p50s = runs[name].map((entry) => entry.p50);
    const p99s = runs[name].map((entry) => entry.p99);
    console.log(
      `${name.padEnd(10)} ${median(p50s).toFixed(2).padStart(8)} ${range(p50s, 2).padStart(11)} ${median(p99s).toFixed(2).padStart(8)} ${range(p99s, 2).padStart(13)} ${signed(median(p50s) - baseP50).padStart(8)} ${signed(median(p99s) - baseP99).padStart(8)} ${proxyCpu(name, runs[name]).padStart(17)}`,
    );
  }
}
printLatencies(
  `Latency at a fixed ${String(halfRate)} req/s (half the ${first} saturation), paced: one request every ${(1000 / halfRate).toFixed(2)} ms on ${String(CONNECTIONS)} keep-alive connections, ${String(ROUNDS)} × ${String(SECONDS)} s per case, alternating (target: gateway ≤ +1 ms p50, ≤ +3 ms p99)`,
  await rounds('paced', halfRate),
);
printLatencies(
  `The same rate as autocannon -c ${String(CONNECTIONS)} --overallRate ${String(halfRate)}: each connection sends its share for the second back to back, then waits, so these are bursts at full speed every second`,
  await rounds('overallRate', halfRate),
);

await close();
