/**
 * Asset upload benchmarks (issue 10), on the real Postgres, Kafka and MinIO `scripts/infra up` starts,
 * with the catalog and the asset service each started alone from its main.ts (as deployed):
 *  1. upload throughput (MB/s) of a 10 MB PNG through the asset service, stored as is and converted
 *     to WebP, next to a bare `putObject` of the same bytes into the same MinIO;
 *  2. the asset service's peak RSS (VmHWM, reset just before) during 8 concurrent 10 MB uploads,
 *     stored as is and converted to WebP.
 * Run: `npm run bench:asset` (BENCH_ROUNDS to change the number of timed runs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { createTestDatabase, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket, testMinio } from '../services/asset/test/support/test-buckets.ts';
import { measure, printTable, quantile } from './support/measure.ts';
import { sharedServiceEnv, startService, stopServices } from './support/services.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECRET = 'bench-principal-'.padEnd(40, 'b');
const MB = 1024 * 1024;

// Noise compresses to nothing: a 1830×1830 RGB noise PNG is about 10 MB, like a scanned card sheet.
const side = 1830;
const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
  .png({ compressionLevel: 1 })
  .toBuffer();
const megabytes = png.length / MB;

const namespace = uniqueName('bench');
const bucket = namespace.toLowerCase().replace(/_/g, '-');
const [catalogDb, assetDb] = [await createTestDatabase('bench_catalog'), await createTestDatabase('bench_asset')];
const common = sharedServiceEnv(namespace, SECRET);
const catalog = await startService('catalog', { ...common, DATABASE_URL: catalogDb.url });
const asset = await startService('asset', {
  ...common,
  DATABASE_URL: assetDb.url,
  ASSET_PUBLIC_URL: `${infra.s3Endpoint}/${bucket}`,
  CATALOG_INTERNAL_URL: `http://127.0.0.1:${String(catalog.internalPort)}`,
  S3_ENDPOINT: infra.s3Endpoint,
  S3_ACCESS_KEY: infra.s3AccessKey,
  S3_SECRET_KEY: infra.s3SecretKey,
  S3_BUCKET: bucket,
});

// The principal lives a minute; each call signs a fresh one as the gateway would.
const freshHeaders = async () => ({
  [INTERNAL_PRINCIPAL_HEADER]: await issuePrincipalToken(
    {
      designerId: 1,
      source: 'api:bench',
      scopes: ['projects:write', 'assets:write'],
      plan: { storageLimitBytes: 1e12, unlockedProjectLimit: null },
      requestId: 'bench',
    },
    SECRET,
  ),
});
const created = await fetch(`http://127.0.0.1:${String(catalog.port)}/api/v1/projects`, {
  method: 'POST',
  headers: { ...(await freshHeaders()), 'content-type': 'application/json' },
  body: '{"name":"Bench"}',
});
const projectId = ((await created.json()) as { data: { id: number } }).data.id;

async function upload(convert: boolean): Promise<void> {
  const form = new FormData();
  form.set('file', new Blob([png]), 'sheet.png');
  if (convert) form.set('convert_to_webp', 'true');
  const response = await fetch(`http://127.0.0.1:${String(asset.port)}/api/v1/projects/${String(projectId)}/assets`, {
    method: 'POST',
    headers: await freshHeaders(),
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${String(response.status)}: ${await response.text()}`);
  await response.arrayBuffer();
}

const minio = testMinio();

const samples = [
  await measure(`bare putObject of the ${megabytes.toFixed(1)} MB PNG (minio client)`, ROUNDS, async (round) => {
    await minio.putObject(bucket, `bare/${String(round)}.png`, png, png.length, { 'Content-Type': 'image/png' });
  }),
  await measure('upload through the asset service, stored as is', ROUNDS, () => upload(false)),
  await measure('upload through the asset service, converted to WebP', ROUNDS, () => upload(true)),
];
printTable(`Upload of a ${megabytes.toFixed(1)} MB PNG (${String(ROUNDS)} runs each)`, samples);
console.log(`${'throughput'.padEnd(58)} ${'median MB/s'.padStart(12)}`);
for (const sample of samples) console.log(`${sample.label.padEnd(58)} ${(megabytes / (quantile(sample.ms, 0.5) / 1000)).toFixed(1).padStart(12)}`);

const status = (field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${String(asset.child.pid)}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};
console.log(`\nAsset service memory during 8 concurrent ${megabytes.toFixed(1)} MB uploads (MB; peak = VmHWM, reset before each burst)`);
console.log(`${'case'.padEnd(58)} ${'RSS before'.padStart(11)} ${'peak RSS'.padStart(9)} ${'growth'.padStart(7)}`);
for (const convert of [false, true]) {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = status('VmRSS');
  // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS.
  writeFileSync(`/proc/${String(asset.child.pid)}/clear_refs`, '5');
  await Promise.all(Array.from({ length: 8 }, () => upload(convert)));
  const peak = status('VmHWM');
  console.log(
    `${(convert ? '8 × upload converted to WebP' : '8 × upload stored as is').padEnd(58)} ${before.toFixed(0).padStart(11)} ${peak.toFixed(0).padStart(9)} ${(peak - before).toFixed(0).padStart(7)}`,
  );
}

await stopServices([catalog, asset]);
await removeTestBucket(bucket);
await catalogDb.drop();
await assetDb.drop();
