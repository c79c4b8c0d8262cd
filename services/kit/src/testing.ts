/**
 * Helpers for tests that talk to the real servers `scripts/infra up` starts. Each test file gets
 * its own database and its own Kafka namespace, so Jest workers run side by side.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseSettings } from './db/database.ts';
import { createLogger, type Logger } from './logger.ts';
export { hostileDnsAnswers, hostileUrls, type HostileUrl } from './ssrf/hostile-urls.ts';

/** Where scripts/infra keeps what it builds and generates. */
const INFRA_CACHE = process.env.BOARDSYNC_CACHE ?? join(homedir(), '.cache', 'boardsync');

export const infra = {
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://boardsync:boardsync@127.0.0.1:5432/boardsync',
  kafkaBrokers: (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  /** The test broker's listeners configured as a managed cluster's (scripts/infra): SASL over TLS, and TLS with client certificates. */
  kafkaSaslSslBrokers: (process.env.TEST_KAFKA_SASL_SSL_BROKERS ?? '127.0.0.1:9094').split(','),
  kafkaMtlsBrokers: (process.env.TEST_KAFKA_MTLS_BROKERS ?? '127.0.0.1:9095').split(','),
  kafkaSaslUser: process.env.TEST_KAFKA_SASL_USER ?? 'boardsync',
  kafkaSaslPassword: process.env.TEST_KAFKA_SASL_PASSWORD ?? 'boardsync-secret',
  /** ca.pem, client.pem and client.key: the CA scripts/infra made for the servers' TLS listeners, and a client certificate it signed. */
  tlsDir: process.env.TEST_TLS_DIR ?? join(INFRA_CACHE, 'tls'),
  /** Redis's TLS listener and its ACL user (the CA is `tlsDir`'s). */
  redisTlsUrl: process.env.TEST_REDIS_TLS_URL ?? 'rediss://boardsync:boardsync-secret@127.0.0.1:6380',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  s3Endpoint: process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:9000',
  s3AccessKey: process.env.TEST_S3_ACCESS_KEY ?? 'boardsync',
  s3SecretKey: process.env.TEST_S3_SECRET_KEY ?? 'boardsync-secret',
  /** The MinIO server scripts/infra built, for a test that needs one configured its own way. */
  minioBin: process.env.TEST_MINIO_BIN ?? join(INFRA_CACHE, 'minio', 'bin', 'minio'),
};

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

const UNIQUE_NAME = /^[a-z0-9]+_([0-9a-z]{7,9})_[0-9a-f]{6}$/;

/** When {@link uniqueName} made `name` (ms since the epoch), or undefined for a name it did not make. */
export function uniqueNameMadeAt(name: string): number | undefined {
  const stamp = UNIQUE_NAME.exec(name)?.[1];
  if (stamp === undefined) return undefined;
  const madeAt = Number.parseInt(stamp, 36);
  // A real stamp: after this code was written (2026) and not in the future.
  return madeAt > Date.UTC(2026, 0, 1) && madeAt <= Date.now() ? madeAt : undefined;
}

/** A logger that keeps its lines in memory (set LOG_TESTS=1 to see them). */
export function testLogger(service = 'test'): Logger & { lines: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      if (process.env.LOG_TESTS) process.stderr.write(chunk);
      done();
    },
  });
  const logger = createLogger({ service, level: 'debug', destination: sink });
  return Object.assign(logger, {
    lines: () =>
      lines.flatMap((line) =>
        line
          .split('\n')
          .filter(Boolean)
          .map((text) => JSON.parse(text) as Record<string, unknown>),
      ),
  });
}

/** Creates an empty database on the test server; `drop()` removes it. */
export async function createTestDatabase(prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName(prefix).toLowerCase();
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(infra.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: infra.databaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A database a contract test holds its store to, opened afresh with the service's entities and migrations. */
export interface TestBackend {
  name: 'Postgres' | 'PGlite';
  open: () => Promise<{ orm: Database; url?: string; close: () => Promise<void> }>;
}

/** Both back-ends a store runs on: a new database on the test Postgres, and the embedded mode's PGlite in memory. */
export function databaseBackends(prefix: string, settings: Omit<DatabaseSettings, 'url' | 'dataDir'>): [TestBackend, TestBackend] {
  return [
    {
      name: 'Postgres',
      open: async () => {
        const database = await createTestDatabase(prefix);
        const orm = await openDatabase({ ...settings, url: database.url });
        return {
          orm,
          url: database.url,
          close: async () => {
            await orm.close();
            await database.drop();
          },
        };
      },
    },
    {
      name: 'PGlite',
      open: async () => {
        const orm = await openDatabase(settings);
        return { orm, close: () => orm.close() };
      },
    },
  ];
}

/** Polls until `probe` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ports this process has handed out: free when picked, but not bound until their server starts. */
const handedOut = new Set<number>();

/** A loopback port free right now (nothing listens on it until someone binds it), never one this process handed out before. */
export async function freePort(): Promise<number> {
  // A cluster picks twenty-odd ports before any is bound: the same pick twice was an EADDRINUSE (CI, faults stage).
  if (handedOut.size >= 4_000) handedOut.clear();
  // Below Linux's ephemeral range (32768–60999): a port picked there can be taken, before its
  // server binds it, as the source port of any outgoing connection (an EADDRINUSE seen in benches).
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port) || !(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was bound');
  handedOut.add(address.port);
  return address.port;
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}
