/**
 * `npm run bench`: every benchmark in one session, one after the other (never two at once on two
 * cores), on the real servers `scripts/infra up` starts, and bench/RESULTS.md rewritten with what
 * each printed, under the machine, date and commit they ran on. Each benchmark alternates and
 * repeats its own cases and prints medians and ratios; this only runs them and keeps the record.
 * BENCH_ONLY=catalog,rss runs some of them: only their sections of RESULTS.md are replaced (or
 * added), each saying the date and commit it ran on, and the rest is kept as it was.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Benchmark {
  name: string;
  script: string;
  what: string;
  /** Settings of this run (a benchmark may run twice, differently). */
  env?: Record<string, string>;
}

/** V8 sizes its heap from the machine's memory (4.3 GB here) unless told; a pod's memory limit tells it. */
const heapCapped = Object.fromEntries(
  ['GATEWAY', 'AUTH', 'CATALOG', 'ASSET', 'WEBHOOK'].map((service) => [`BENCH_NODE_OPTIONS_${service}`, '--max-old-space-size=256']),
);

const BENCHMARKS: Benchmark[] = [
  { name: 'catalog', script: 'catalog-components.ts', what: 'Catalog component writes and reads against the raw statements' },
  { name: 'page', script: 'catalog-page.ts', what: 'A catalog component page against a bare Koa + pg handler: req/s, p50/p99, CPU per request' },
  {
    name: 'gateway',
    script: 'gateway-proxy.ts',
    what: 'The gateway against direct and nginx proxy_pass: req/s at saturation, p50/p99 at half the direct saturation, CPU per request',
  },
  { name: 'asset', script: 'asset-upload.ts', what: 'Asset uploads: stored as is and converted, against a bare S3 put' },
  { name: 'webhook', script: 'webhook-delivery.ts', what: 'Webhook write-to-receipt latency and deliveries per second against bare signed POSTs' },
  {
    name: 'webhook-embedded',
    script: 'webhook-embedded.ts',
    what: 'Webhook write-to-receipt latency in the embedded mode (`npm start`: one process, PGlite, the in-process bus), through the gateway',
  },
  {
    name: 'webhook-fairness',
    script: 'webhook-fairness.ts',
    what: "Webhook fairness: one receiver's latency and ten receivers' throughput, with and without a receiver that never answers",
  },
  {
    name: 'webhook-tenants',
    script: 'webhook-tenants.ts',
    what: "Webhook fairness between designers: ten quiet designers' write-to-receipt latency alone and beside a designer with 100 slow webhooks",
  },
  {
    name: 'changes',
    script: 'changes-feed.ts',
    what: 'The changes feed: write → change received by a waiting stream and long-poll, and 1,000 open streams (memory each, one write seen by all)',
  },
  { name: 'rss', script: 'idle-rss.ts', what: 'Idle memory of every service, and where it goes' },
  {
    name: 'rss-load',
    script: 'rss-under-load.ts',
    what: 'RSS of every service idle, after 60 s and 120 s of mixed load through the gateway, and after rest',
  },
  {
    name: 'rss-load-capped',
    script: 'rss-under-load.ts',
    what: 'The same with each service’s old space capped at 256 MB (--max-old-space-size), as a pod’s memory limit would size it',
    env: heapCapped,
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = only ? BENCHMARKS.filter((benchmark) => only.includes(benchmark.name)) : BENCHMARKS;

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    // Services' and kafkajs' warnings: shown, not recorded.
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('exit', (status) => {
      resolve({ status, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

const infra = await run('bash', ['scripts/infra', 'up']);
if (infra.status !== 0) throw new Error('scripts/infra up failed');

// The record itself does not count: the code measured is what matters.
const dirty = git('status', '--porcelain', '--', 'services', 'bench', 'package-lock.json', ':!bench/RESULTS.md') !== '';
const commit = `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`;

const sections: string[] = [];
let failed = false;
for (const benchmark of chosen) {
  console.log(`\n==> bench ${benchmark.name} (bench/${benchmark.script})`);
  const result = await run(process.execPath, [`bench/${benchmark.script}`], benchmark.env);
  failed ||= result.status !== 0;
  sections.push(
    [
      `## ${benchmark.what}`,
      '',
      `\`bench/${benchmark.script}\` — ${result.status === 0 ? `${result.seconds.toFixed(0)} s` : `FAILED (exit ${String(result.status)})`}${only ? ` (run alone: ${new Date().toISOString()}, commit ${commit})` : ''}`,
      '',
      '```',
      result.output.trim(),
      '```',
    ].join('\n'),
  );
}

const header = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run-all.ts); do not edit by hand. Medians over repeated, alternating runs;',
  'ratios are against the first case of each table (the floor: a raw statement, a bare handler, direct, a bare put, a bare POST).',
  '',
  `- date: ${new Date().toISOString()}`,
  `- commit: ${commit}`,
  `- machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  '- servers: PostgreSQL, Redis, Apache Kafka and MinIO on loopback (`scripts/infra up`); every service its own process',
  '',
].join('\n');

// What the figures mean against the targets, and the measured causes of the misses: written by us, kept with the figures.
const reading = existsSync(`${root}bench/READING.md`) ? `\n\n${readFileSync(`${root}bench/READING.md`, 'utf8').trim()}` : '';
if (only) {
  const figures = withSectionsReplaced(readFileSync(`${root}bench/RESULTS.md`, 'utf8'), sections);
  const readingAt = figures.indexOf('\n## Reading these');
  writeFileSync(`${root}bench/RESULTS.md`, `${(readingAt >= 0 ? figures.slice(0, readingAt) : figures).trimEnd()}${reading}\n`);
  console.log(`\nreplaced the sections of ${only.join(', ')} in bench/RESULTS.md`);
} else {
  writeFileSync(`${root}bench/RESULTS.md`, `${header}\n${sections.join('\n\n')}${reading}\n`);
  console.log('\nwrote bench/RESULTS.md');
}
if (failed) process.exit(1);

/** `record` with each of `sections` in place of the one of the same heading, or added after the last figures (before the hand-written reading). */
function withSectionsReplaced(record: string, sections: readonly string[]): string {
  let result = record;
  for (const section of sections) {
    const heading = section.slice(0, section.indexOf('\n'));
    const start = result.indexOf(`${heading}\n`);
    const reading = result.indexOf('\n## Reading these');
    if (start >= 0) {
      const next = result.indexOf('\n## ', start + heading.length);
      result = `${result.slice(0, start)}${section}\n${next >= 0 ? result.slice(next) : ''}`;
    } else if (reading >= 0) result = `${result.slice(0, reading)}\n${section}\n${result.slice(reading)}`;
    else result = `${result.trimEnd()}\n\n${section}\n`;
  }
  return result;
}
