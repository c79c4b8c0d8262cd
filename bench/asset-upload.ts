/**
 * Asset upload benchmarks (targets: stored as is ≥ 0.7× a bare `putObject`, converted to WebP ≥ 0.8×
 * bare sharp), on the real Postgres, Kafka and MinIO `scripts/infra up` starts, with the catalog and
 * the asset service each started alone from its main.ts (as deployed):
 *  1. upload throughput (MB/s) of a 10 MB PNG through the asset service, stored as is and converted
 *     to WebP, next to a bare `putObject` of the same bytes into the same MinIO;
 *  2. the upload converted to WebP against the same conversion in a bare sharp pipeline in this
 *     process (the service's options, the same PNG from a file, one at a time), the two alternating;
 *  3. the asset service's peak RSS (VmHWM, reset just before) during 8 concurrent 10 MB uploads,
 *     stored as is and converted to WebP, and its growth per concurrent upload (reported, to size a
 *     pod's memory by). The burst stored as is runs before any conversion: the heap a conversion
 *     leaves behind would hide it.
 * Run: `npm run bench:asset` (BENCH_ROUNDS to change the number of timed runs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { createTestDatabase, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket, testMinio } from '../services/asset/test/support/test-buckets.ts';
import { measureAlternating, printTable, quantile } from './support/measure.ts';
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

/** Uploads the PNG; answers the bytes stored. */
async function upload(convert: boolean): Promise<number> {
  const form = new FormData();
  form.set('file', new Blob([png]), 'sheet.png');
  if (convert) form.set('convert_to_webp', 'true');
  const response = await fetch(`http://127.0.0.1:${String(asset.port)}/api/v1/projects/${String(projectId)}/assets`, {
    method: 'POST',
    headers: await freshHeaders(),
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${String(response.status)}: ${await response.text()}`);
  return ((await response.json()) as { size: number }).size;
}

// The service's WebP conversion (services/asset/src/media/image-processor.ts) with nothing around it:
// its process-wide settings (no operation cache, one libvips thread per image), its decoding options
// at the default IMAGE_MAX_PIXELS, the default WebP effort (4) and timeout, from a file on disk (the
// service converts its spooled upload) to a file. The service also reads the header first, and
// receives, spools, sniffs, reserves quota, puts the object and records it: what the ratio prices.
const scratch = mkdtempSync(join(tmpdir(), 'bench-sharp-'));
const pngPath = join(scratch, 'sheet.png');
writeFileSync(pngPath, png);
sharp.cache(false);
sharp.concurrency(1);
async function bareConversion(round: number): Promise<number> {
  const decoding = { animated: true, sequentialRead: true, failOn: 'error', limitInputPixels: 100_000_000, autoOrient: true } as const;
  const output = join(scratch, `${String(round)}.webp`);
  const info = await sharp(pngPath, decoding).webp({ effort: 4 }).timeout({ seconds: 60 }).toFile(output);
  rmSync(output);
  return info.size;
}

const minio = testMinio();

const status = (field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${String(asset.child.pid)}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};
const CONCURRENT = 8;
/** The asset service's RSS before, and its peak during CONCURRENT uploads at once (MB). */
async function burst(convert: boolean): Promise<{ before: number; peak: number }> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = status('VmRSS');
  // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS.
  writeFileSync(`/proc/${String(asset.child.pid)}/clear_refs`, '5');
  await Promise.all(Array.from({ length: CONCURRENT }, () => upload(convert)));
  return { before, peak: status('VmHWM') };
}
// Alternating, so drift on a noisy machine hits both alike.
const [barePut, storedAsIs] = await measureAlternating(
  [
    {
      label: `bare putObject of the ${megabytes.toFixed(1)} MB PNG (minio client)`,
      run: async (round) => {
        await minio.putObject(bucket, `bare/${String(round)}.png`, png, png.length, { 'Content-Type': 'image/png' });
      },
    },
    {
      label: 'upload through the asset service, stored as is',
      run: async () => {
        await upload(false);
      },
    },
  ],
  ROUNDS,
);
if (!barePut || !storedAsIs) throw new Error('two cases, two samples');
const bursts = { asIs: await burst(false), webp: { before: 0, peak: 0 } };

const webpBytes = { bare: 0, service: 0 };
const [bareSharp, converted] = await measureAlternating(
  [
    {
      label: 'bare sharp: the same PNG file → WebP file, same options',
      run: async (round) => {
        webpBytes.bare = await bareConversion(round);
      },
    },
    {
      label: 'upload through the asset service, converted to WebP',
      run: async () => {
        webpBytes.service = await upload(true);
      },
    },
  ],
  ROUNDS,
);
if (!bareSharp || !converted) throw new Error('two cases, two samples');
bursts.webp = await burst(true);
const samples = [barePut, storedAsIs, converted];
const megabytesPerSecond = (sample: { ms: number[] }): number => megabytes / (quantile(sample.ms, 0.5) / 1000);
printTable(`Upload of a ${megabytes.toFixed(1)} MB PNG (${String(ROUNDS)} runs each)`, samples);
console.log(`${'throughput'.padEnd(58)} ${'median MB/s'.padStart(12)}`);
for (const sample of samples) console.log(`${sample.label.padEnd(58)} ${megabytesPerSecond(sample).toFixed(1).padStart(12)}`);
console.log(`stored as is vs bare putObject (alternating): ${(megabytesPerSecond(storedAsIs) / megabytesPerSecond(barePut)).toFixed(2)}× (target ≥ 0.70×)`);

printTable(
  `Conversion of the ${megabytes.toFixed(1)} MB PNG to WebP, one at a time: bare sharp against the asset service (${String(ROUNDS)} runs each, alternating; target: service ≥ 0.80× bare sharp)`,
  [bareSharp, converted],
);
console.log(`${'throughput'.padEnd(58)} ${'median MB/s'.padStart(12)} ${'× bare sharp'.padStart(13)}`);
for (const sample of [bareSharp, converted]) {
  console.log(
    `${sample.label.padEnd(58)} ${megabytesPerSecond(sample).toFixed(1).padStart(12)} ${(megabytesPerSecond(sample) / megabytesPerSecond(bareSharp)).toFixed(2).padStart(12)}×`,
  );
}
console.log(
  `WebP bytes: bare sharp ${String(webpBytes.bare)}, the service ${String(webpBytes.service)} (${webpBytes.bare === webpBytes.service ? 'the same conversion' : 'DIFFERENT: not the same conversion'})`,
);
if (webpBytes.bare !== webpBytes.service) process.exitCode = 1;
rmSync(scratch, { recursive: true, force: true });

console.log(
  `\nAsset service memory during ${String(CONCURRENT)} concurrent ${megabytes.toFixed(1)} MB uploads (MB; peak = VmHWM, reset before each burst; the burst stored as is runs before any conversion)`,
);
console.log(`${'case'.padEnd(58)} ${'RSS before'.padStart(11)} ${'peak RSS'.padStart(9)} ${'growth'.padStart(7)} ${'per upload'.padStart(11)}`);
for (const [label, { before, peak }] of [
  [`${String(CONCURRENT)} × upload stored as is`, bursts.asIs],
  [`${String(CONCURRENT)} × upload converted to WebP`, bursts.webp],
] as const) {
  console.log(
    `${label.padEnd(58)} ${before.toFixed(0).padStart(11)} ${peak.toFixed(0).padStart(9)} ${(peak - before).toFixed(0).padStart(7)} ${((peak - before) / CONCURRENT).toFixed(1).padStart(11)}`,
  );
}
console.log(`peak RSS growth per concurrent upload (stored as is): ${((bursts.asIs.peak - bursts.asIs.before) / CONCURRENT).toFixed(1)} MB`);

await stopServices([catalog, asset]);
await removeTestBucket(bucket);
await catalogDb.drop();
await assetDb.drop();
