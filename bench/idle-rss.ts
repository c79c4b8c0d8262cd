/**
 * Idle memory of every service (issue 13: ≤ 120 MB each): the five services started alone from
 * their main.ts, as deployed (the image's NODE_OPTIONS, its compile cache filled first as the image
 * build fills it), on the real Postgres, Kafka, Redis and MinIO `scripts/infra up` starts,
 * each given BENCH_SETTLE_MS after it is ready, then its resident set (VmRSS) and peak (VmHWM) read
 * from /proc. BENCH_ROUNDS fresh starts; medians and ranges.
 * Run: `npm run bench:rss` (or as part of `npm run bench`).
 */
import { readFileSync } from 'node:fs';
import { createTestDatabase, eventually, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { startServiceProcess, warmCompileCache, type ServiceProcess } from '../tests/support/service-process.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, standaloneEnv, type Service, type StandaloneWorld } from '../tests/support/standalone-env.ts';
import { quantile } from './support/measure.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const TARGET_MB = 120;

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

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
    for (const service of SERVICES) {
      const process_ = startServiceProcess(service, [], { ...standaloneEnv(service, world), LOG_LEVEL: 'warn' });
      running.set(service, process_);
    }
    for (const service of SERVICES) {
      const { port } = world.listeners[service];
      await eventually(
        async () => ((await fetch(`http://127.0.0.1:${String(port)}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined),
        90_000,
        `${service} to be ready; output so far:\n${running.get(service)?.output() ?? ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const result = {} as Record<Service, { rss: number; peak: number }>;
    for (const service of SERVICES) {
      const pid = running.get(service)?.child.pid;
      if (pid === undefined) throw new Error(`${service} has no pid`);
      result[service] = memoryMb(pid);
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
