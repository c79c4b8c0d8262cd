import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client as MinioClient } from 'minio';
import pg from 'pg';
import { DATABASE_SERVICES, type Servers, type Service } from './service-env.ts';

const INFRA = fileURLToPath(new URL('../infra', import.meta.url));

/**
 * `scripts/infra up`, as `npm test` runs it: installs what is missing, starts what is stopped, waits
 * until ready; Jaeger only when traces are asked for (its first build takes minutes).
 */
export function infraUp({ jaeger }: { jaeger: boolean }): void {
  const run = spawnSync('bash', [INFRA, 'up', ...(jaeger ? [] : ['--without-jaeger'])], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`scripts/infra up exited ${String(run.status)}`);
}

/** One setting as `scripts/infra env` prints it. */
function infraSettings(): (name: string) => string {
  const run = spawnSync('bash', [INFRA, 'env'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/infra env exited ${String(run.status)}: ${run.stderr}`);
  const settings = new Map(
    run.stdout
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
      .flatMap((match) => (match ? [[match[1] ?? '', match[2] ?? ''] as const] : [])),
  );
  return (name: string): string => {
    const value = settings.get(name);
    if (value === undefined) throw new Error(`scripts/infra env printed no ${name}`);
    return value;
  };
}

/** Jaeger's addresses as `scripts/infra env` prints them: where services send OTLP/HTTP, and its query API. */
export function infraJaeger(): { otlpUrl: string; queryUrl: string } {
  const setting = infraSettings();
  return { otlpUrl: setting('JAEGER_OTLP_URL'), queryUrl: setting('JAEGER_QUERY_URL') };
}

/** The servers' addresses as `scripts/infra env` prints them. */
export function infraServers(): Servers & { databaseUrl: string } {
  const setting = infraSettings();
  return {
    databaseUrl: setting('DATABASE_URL'),
    kafkaBrokers: setting('KAFKA_BROKERS'),
    redisUrl: setting('REDIS_URL'),
    s3Endpoint: setting('S3_ENDPOINT'),
    s3AccessKey: setting('S3_ACCESS_KEY'),
    s3SecretKey: setting('S3_SECRET_KEY'),
  };
}

/** A database of its own for each service that has one (`<name>_<service>`), created when missing, as a platform team provisions them. */
export async function ensureDatabases(serverUrl: string, name: string): Promise<Partial<Record<Service, string>>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const urls: Partial<Record<Service, string>> = {};
  try {
    for (const service of DATABASE_SERVICES) {
      const database = `${name}_${service}`;
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      // The name is checked by the options (letters, digits, _), so quoting it is enough.
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      urls[service] = url.href;
    }
  } finally {
    await client.end();
  }
  return urls;
}

export type S3Server = Pick<Servers, 's3Endpoint' | 's3AccessKey' | 's3SecretKey'>;

/** A MinIO client with the server's root credentials, for set-up work (never the services' own access). */
export function minioClient(server: S3Server): MinioClient {
  const endpoint = new URL(server.s3Endpoint);
  return new MinioClient({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: server.s3AccessKey,
    secretKey: server.s3SecretKey,
  });
}

/** The bucket, readable by anyone who has an object's URL: what a deployment grants its CDN or the public (`s3:GetObject` only). */
export async function ensurePublicBucket(server: S3Server, bucket: string): Promise<void> {
  const minio = minioClient(server);
  if (!(await minio.bucketExists(bucket))) await minio.makeBucket(bucket);
  const policy = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { AWS: ['*'] }, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] }],
  };
  await minio.setBucketPolicy(bucket, JSON.stringify(policy));
}

/** Empties and removes a bucket (tests, benches, the fault and soak harnesses); one that was never created is no error. */
export async function removeBucket(server: S3Server, bucket: string): Promise<void> {
  const minio = minioClient(server);
  if (!(await minio.bucketExists(bucket))) return;
  const keys: string[] = [];
  for await (const item of minio.listObjectsV2(bucket, '', true) as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
  if (keys.length > 0) await minio.removeObjects(bucket, keys);
  await minio.removeBucket(bucket);
}
