/**
 * A catalog component page under load (target: ≥ 60% of the bare handler's req/s), on the real
 * Postgres and Kafka `scripts/infra up` starts. The catalog runs alone from its main.ts (LOG_LEVEL
 * info, as deployed: one access-log line per request); next to it, bench/support/bare-page-server.ts
 * answers the same page with Koa and `pg` alone — the same SQL, the same JSON bytes (checked before
 * timing) — the floor for our stack. autocannon -c 10 against 127.0.0.1, BENCH_SECONDS each run,
 * alternating bare and catalog for BENCH_ROUNDS rounds. CPU per request is the server process's
 * own accounting: utime + stime from /proc/<pid>/stat before and after each run.
 * BENCH_CPU_PROF=<dir> has the catalog write a V8 CPU profile there (`--cpu-prof`) when it stops.
 * Run: `npm run bench:page` (or as part of `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { createTestDatabase, eventually, freePort, uniqueName } from '@boardsync/kit/testing';
import { benchPrincipal } from './support/bench-api.ts';
import { quantile } from './support/measure.ts';
import { processCpuMs } from './support/process-cpu.ts';
import { sharedServiceEnv, startService, stopServices } from './support/services.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const SECRET = 'bench-principal-'.padEnd(40, 'p');
const DESIGNER = 7;
const PUBLIC_BASE_URL = 'http://localhost:8080';

const database = await createTestDatabase('page');
const catalog = await startService('catalog', {
  ...sharedServiceEnv(uniqueName('page'), SECRET),
  LOG_LEVEL: 'info',
  ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
  DATABASE_URL: database.url,
  PUBLIC_BASE_URL,
});
const catalogUrl = `http://127.0.0.1:${String(catalog.port)}`;

const principal = (): Promise<string> => benchPrincipal(DESIGNER, SECRET);

async function call(method: string, path: string, body?: unknown): Promise<string> {
  const response = await fetch(`${catalogUrl}${path}`, {
    method,
    headers: { [INTERNAL_PRINCIPAL_HEADER]: await principal(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${String(response.status)}: ${text}`);
  return text;
}

// A 12-card page as a card generator syncs it: names, rules text, artwork front and back, two decks.
const project = (JSON.parse(await call('POST', '/api/v1/projects', { name: 'Page bench' })) as { data: { id: number } }).data.id;
const path = `/api/v1/projects/${String(project)}/components`;
await call('POST', `${path}/batch`, {
  type: 'card',
  components: Array.from({ length: 12 }, (_, index) => ({
    unique_id: `card-${String(index)}`,
    name: `Ember Drake ${String(index + 1)}`,
    quantity: 1 + (index % 3),
    description: `When played, deal ${String(1 + (index % 4))} damage to a rival creature and draw a card.`,
    color: '#aa3322',
    color_back: '#222222',
    image_url: `https://art.example.com/ember/${String(index + 1)}.png`,
    back_image_url: 'https://art.example.com/ember/back.png',
    card_mask_type: 'rectangle_rounded',
    phys_width_in: 2.5,
    phys_height_in: 3.5,
    sort_order: index,
    deck_names: index % 2 === 0 ? ['Starter', 'Fire'] : ['Fire'],
  })),
});

const barePort = await freePort();
const bare = spawn(process.execPath, [fileURLToPath(new URL('support/bare-page-server.ts', import.meta.url))], {
  env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, PORT: String(barePort), DESIGNER_ID: String(DESIGNER), PUBLIC_BASE_URL },
  stdio: 'ignore',
});
const bareExited = new Promise((resolve) => bare.once('exit', resolve));
const bareUrl = `http://127.0.0.1:${String(barePort)}`;
await eventually(async () => ((await fetch(`${bareUrl}${path}`).catch(() => undefined))?.ok ? true : undefined), 30_000, 'the bare server');

const page = await call('GET', path);
const barePage = await (await fetch(`${bareUrl}${path}`)).text();
if (barePage !== page) throw new Error(`the bare server's page differs from the catalog's:\n${barePage}\n${page}`);

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

async function load(url: string, pid: number | undefined, headers: Record<string, string>): Promise<Run> {
  if (pid === undefined) throw new Error(`the server at ${url} has no pid`);
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = processCpuMs(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${url}: ${String(result.non2xx)} non-2xx, ${String(result.errors)} errors, ${String(result.timeouts)} timeouts`);
  return { perSecond: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpuMsPerRequest: cpu / result['2xx'] };
}

// Warm both (JIT, pools), then alternate. A principal lives 60 s: each run gets a fresh one.
const short = Math.min(SECONDS, 3);
await autocannon({ url: `${bareUrl}${path}`, connections: CONNECTIONS, duration: short });
await autocannon({ url: `${catalogUrl}${path}`, connections: CONNECTIONS, duration: short, headers: { [INTERNAL_PRINCIPAL_HEADER]: await principal() } });
const runs: { bare: Run[]; catalog: Run[] } = { bare: [], catalog: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  runs.bare.push(await load(`${bareUrl}${path}`, bare.pid, {}));
  runs.catalog.push(await load(`${catalogUrl}${path}`, catalog.child.pid, { [INTERNAL_PRINCIPAL_HEADER]: await principal() }));
}

bare.kill('SIGTERM');
await bareExited;
await stopServices([catalog]);
await database.drop();

const median = (values: number[]): number => quantile(values, 0.5);
const bareRate = median(runs.bare.map((run) => run.perSecond));
const bareCpu = median(runs.bare.map((run) => run.cpuMsPerRequest));
console.log(
  `\nA 12-card component page (${String(Buffer.byteLength(page))} bytes of JSON), autocannon -c ${String(CONNECTIONS)}, ${String(ROUNDS)} × ${String(SECONDS)} s each, alternating (target: catalog ≥ 0.60× bare req/s)`,
);
console.log(
  `${'server'.padEnd(34)} ${'req/s median'.padStart(13)} ${'range'.padStart(12)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU ms/req'.padStart(11)} ${'× bare req/s'.padStart(13)} ${'× bare CPU'.padStart(11)}`,
);
for (const [label, sample] of [
  ['bare Koa + pg (same SQL, same JSON)', runs.bare],
  ['catalog (principal, log, metrics)', runs.catalog],
] as const) {
  const rates = sample.map((run) => run.perSecond);
  const cpu = median(sample.map((run) => run.cpuMsPerRequest));
  console.log(
    `${label.padEnd(34)} ${median(rates).toFixed(0).padStart(13)} ${`${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}`.padStart(12)} ${median(
      sample.map((run) => run.p50),
    )
      .toFixed(1)
      .padStart(7)} ${median(sample.map((run) => run.p99))
      .toFixed(1)
      .padStart(
        7,
      )} ${cpu.toFixed(2).padStart(11)} ${`${(median(rates) / bareRate).toFixed(2)}×`.padStart(13)} ${`${(cpu / bareCpu).toFixed(2)}×`.padStart(11)}`,
  );
}
