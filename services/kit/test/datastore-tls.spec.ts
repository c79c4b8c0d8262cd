import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutboxMessage, OutboxMigration, openDatabase, type Database } from '../src/index.ts';
import { connectRedis } from '../src/redis.ts';
import { createTestDatabase, infra, testLogger } from '../src/testing.ts';

// Postgres and Redis reached as managed ones are: over TLS, the server's certificate checked against
// a private CA (scripts/infra gives the test servers a certificate its own CA signed), Redis as an
// ACL user. The services take these from DATABASE_URL (node-postgres reads sslmode and sslrootcert)
// and from REDIS_URL with REDIS_TLS_CA_FILE.
const caFile = join(infra.tlsDir, 'ca.pem');
const logger = testLogger('datastore-tls');

describe('Postgres over TLS with a private CA', () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase('tls');
  });
  afterAll(() => database.drop());

  const withParams = (params: Record<string, string>): string => {
    const url = new URL(database.url);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  };
  const open = (url: string): Promise<Database> => openDatabase({ url, poolMax: 2, entities: [OutboxMessage], migrations: [OutboxMigration], logger });

  it('migrates and queries with sslmode=verify-full against the CA named by sslrootcert, over an encrypted connection', async () => {
    const orm = await open(withParams({ sslmode: 'verify-full', sslrootcert: caFile }));
    try {
      const [row] = await orm.em.fork().execute<{ ssl: boolean }[]>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      expect(row?.ssl).toBe(true);
    } finally {
      await orm.close();
    }
  });

  it('refuses a server its CA did not sign: the system CAs never signed the test server', async () => {
    await expect(open(withParams({ sslmode: 'verify-full' }))).rejects.toThrow(/self[- ]signed certificate|unable to (verify|get)/i);
  });
});

describe('Redis over TLS (rediss://) as an ACL user, with a private CA', () => {
  it('counts through a TLS connection authenticated as the user the URL names', async () => {
    const { redis, closable } = connectRedis(infra.redisTlsUrl, 'tls-test', { tlsCa: readFileSync(caFile, 'utf8') });
    try {
      if (redis.status !== 'ready') await new Promise((resolve, reject) => redis.once('ready', resolve).once('error', reject));
      expect(await redis.call('ACL', 'WHOAMI')).toBe('boardsync');
      expect(await redis.incr(`tls-test:${String(Date.now())}`)).toBe(1);
    } finally {
      await closable.close().catch(() => undefined);
      redis.disconnect();
    }
  });

  it('does not trust the server without its CA', async () => {
    const { redis, closable } = connectRedis(infra.redisTlsUrl, 'tls-test');
    try {
      const failure = await new Promise<Error>((resolve) => redis.once('error', resolve));
      expect(failure.message).toMatch(/self[- ]signed certificate|unable to (verify|get)/i);
    } finally {
      redis.disconnect();
      await closable.close().catch(() => undefined);
    }
  });
});
