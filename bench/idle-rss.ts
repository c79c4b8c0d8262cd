/**
 * Idle memory of every service (target: ≤ 120 MB each): the five services started alone from
 * their main.ts, as deployed (the image's NODE_OPTIONS, its compile cache filled first as the image
 * build fills it), on the real Postgres, Kafka, Redis and MinIO `scripts/infra up` starts,
 * each given BENCH_SETTLE_MS after it is ready, then its resident set (VmRSS) and peak (VmHWM) read
 * from /proc. BENCH_ROUNDS fresh starts; medians and ranges.
 * Run: `npm run bench:rss` (or as part of `npm run bench`).
 */
import { createTestDatabase, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { warmCompileCache, type ServiceProcess } from '../tests/support/service-process.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, type Service, type StandaloneWorld } from '../tests/support/standalone-env.ts';
import { rssAfterImport, type Importable } from './support/import-cost.ts';
import { quantile } from './support/measure.ts';
import { startEveryService } from './support/services.ts';
import { processMemoryMb } from './support/process-memory.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const TARGET_MB = 120;

async function oneRound(round: number): Promise<Record<Service, { rss: number; peak: number }>> {
  const databases = await Promise.all(DATABASE_SERVICES.map((service) => createTestDatabase(`rss_${service}`)));
  const world: StandaloneWorld = {
    namespace: uniqueName(`rss${String(round)}`),
    bucket: uniqueName('rss').replace(/_/g, '-').toLowerCase(),
    databaseUrls: Object.fromEntries(DATABASE_SERVICES.map((service, i) => [service, databases[i]?.url ?? ''])),
    listeners: await freeListeners(),
  };
  const running = new Map<Service, ServiceProcess>();
  try {
    await startEveryService(world, () => ({ LOG_LEVEL: 'warn' }), running);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const result = {} as Record<Service, { rss: number; peak: number }>;
    for (const service of SERVICES) {
      const pid = running.get(service)?.child.pid;
      if (pid === undefined) throw new Error(`${service} has no pid`);
      result[service] = processMemoryMb(pid);
    }
    return result;
  } finally {
    for (const process_ of running.values()) process_.child.kill('SIGTERM');
    await Promise.all([...running.values()].map((process_) => process_.exited));
    await Promise.all(databases.map((database) => database.drop()));
    await removeTestBucket(world.bucket).catch(() => undefined);
  }
}

for (const service of SERVICES) await warmCompileCache(service);
const rounds: Record<Service, { rss: number; peak: number }>[] = [];
for (let round = 0; round < ROUNDS; round += 1) rounds.push(await oneRound(round));

console.log(`\nIdle memory per service, ${String(ROUNDS)} fresh starts, read ${String(SETTLE_MS / 1000)} s after ready (target ≤ ${String(TARGET_MB)} MB)`);
console.log(`${'service'.padEnd(10)} ${'RSS median'.padStart(11)} ${'range'.padStart(15)} ${'peak median'.padStart(12)} ${'vs target'.padStart(10)}`);
for (const service of SERVICES) {
  const rss = rounds.map((round) => round[service].rss);
  const peak = rounds.map((round) => round[service].peak);
  const median = quantile(rss, 0.5);
  console.log(
    `${service.padEnd(10)} ${`${median.toFixed(0)} MB`.padStart(11)} ${`${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB`.padStart(15)} ${`${quantile(peak, 0.5).toFixed(0)} MB`.padStart(12)} ${`${(median / TARGET_MB).toFixed(2)}×`.padStart(10)}`,
  );
}

/**
 * Where it goes: what the heavier packages add to a Node process on their own (each imported alone,
 * after a small package, so the module loader's own cost is in the baseline), and which services
 * load them. A service's idle RSS is roughly the baseline plus its row's packages plus its own data
 * (pools, consumers, caches).
 */
const PACKAGES: (Importable & { users: string })[] = [
  { specifier: '@boardsync/kit/core', from: 'gateway', users: 'all (HTTP, config, logging, Kafka, principal)' },
  { specifier: '@boardsync/kit', from: 'catalog', users: 'auth, catalog, asset, webhook (core + MikroORM, Kysely, outbox)' },
  { specifier: '@mikro-orm/postgresql', from: 'kit', users: 'auth, catalog, asset, webhook (the driver and pg, loaded on connect)' },
  { specifier: 'undici', from: 'gateway', users: 'gateway, auth, asset, webhook' },
  { specifier: 'ioredis', from: 'gateway', users: 'gateway, auth' },
  { specifier: '@node-oauth/oauth2-server', from: 'auth', users: 'auth' },
  { specifier: 'minio', from: 'asset', users: 'asset (S3)' },
  { specifier: 'sharp', from: 'asset', users: 'asset (libvips)' },
];
const IMPORT_ROUNDS = 3;
const baseline: number[] = [];
const added = new Map<string, number[]>(PACKAGES.map((item) => [item.specifier, []]));
for (let round = 0; round < IMPORT_ROUNDS; round += 1) {
  baseline.push(await rssAfterImport(undefined, 'kit'));
  for (const item of PACKAGES) added.get(item.specifier)?.push(await rssAfterImport(item, item.from));
}
const floor = quantile(baseline, 0.5);
console.log(
  `\nWhat packages add to a Node process on their own (imported alone after a small package; ${String(IMPORT_ROUNDS)} runs, medians; baseline ${floor.toFixed(0)} MB)`,
);
console.log(`${'package'.padEnd(28)} ${'RSS'.padStart(8)} ${'added'.padStart(8)}  loaded by`);
for (const item of PACKAGES) {
  const median = quantile(added.get(item.specifier) ?? [], 0.5);
  console.log(`${item.specifier.padEnd(28)} ${`${median.toFixed(0)} MB`.padStart(8)} ${`+${(median - floor).toFixed(0)} MB`.padStart(8)}  ${item.users}`);
}
