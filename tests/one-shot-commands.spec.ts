import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import kafkajs from 'kafkajs';
import { join } from 'node:path';
import { Topics } from '@boardsync/kit';
import { createTestDatabase, eventually, freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { migrations as assetMigrations } from '../services/asset/src/store/migrations/index.ts';
import { migrations as authMigrations } from '../services/auth/src/store/migrations/index.ts';
import { migrations as catalogMigrations } from '../services/catalog/src/store/migrations/index.ts';
import { migrations as webhookMigrations } from '../services/webhook/src/store/migrations/index.ts';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { SECRET, command, logLine, query, start, stop, stopAll } from './support/one-shot-runs.ts';
import type { ServiceProcess } from './support/service-process.ts';
import { STANDALONE_WEBHOOK_SECRET_KEYS } from './support/standalone-env.ts';

/**
 * `node src/main.ts migrate|create-topics`, run as the images run them (from `services/<name>/`),
 * against the real servers: what the charts' pre-install/pre-upgrade Job does, and what a server
 * started with MIGRATE_ON_START=false / KAFKA_CREATE_TOPICS=false then expects to find.
 */

const common = { INTERNAL_JWT_SECRET: SECRET('principal'), ADMIN_TOKEN: SECRET('admin'), PORT: '0', INTERNAL_PORT: '0' };
const bucket = uniqueName('oneshot').toLowerCase().replace(/_/g, '-');

/** Every service that owns a database: its migrations, the topics docs/decisions.md says it uses ("Events"), and what else it needs to serve. */
const DATABASE_SERVICES: { service: string; migrations: readonly unknown[]; topics: string[]; serveEnv: Record<string, string> }[] = [
  {
    service: 'auth',
    migrations: authMigrations,
    topics: [Topics.tokenRevoked, Topics.designerPlanChanged],
    serveEnv: { REDIS_URL: infra.redisUrl, INTROSPECTION_CLIENT_SECRET: SECRET('introspect'), SESSION_SECRET: SECRET('session') },
  },
  {
    service: 'catalog',
    migrations: catalogMigrations,
    topics: [Topics.componentsChanged, Topics.projectUpdated, Topics.internalizeRequested, Topics.internalizeCompleted, Topics.assetsChanged],
    serveEnv: {},
  },
  {
    service: 'asset',
    migrations: assetMigrations,
    topics: [Topics.internalizeRequested, Topics.internalizeCompleted, Topics.assetsChanged],
    serveEnv: {
      ASSET_PUBLIC_URL: `${infra.s3Endpoint}/${bucket}`,
      CATALOG_INTERNAL_URL: 'http://127.0.0.1:1',
      S3_ENDPOINT: infra.s3Endpoint,
      S3_ACCESS_KEY: infra.s3AccessKey,
      S3_SECRET_KEY: infra.s3SecretKey,
      S3_BUCKET: bucket,
    },
  },
  {
    service: 'webhook',
    migrations: webhookMigrations,
    topics: [Topics.componentsChanged, Topics.projectUpdated, Topics.tokenRevoked],
    serveEnv: { WEBHOOK_SECRET_KEYS: STANDALONE_WEBHOOK_SECRET_KEYS, AUTH_INTERNAL_URL: 'http://127.0.0.1:1' },
  },
];

const kafka = new kafkajs.Kafka({ brokers: infra.kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING });
const admin = kafka.admin();
const databases: { drop: () => Promise<void> }[] = [];
const namespaces: string[] = [];
const kafkaEnv = (namespace: string) => ({ KAFKA_BROKERS: infra.kafkaBrokers.join(','), KAFKA_NAMESPACE: namespace });

function freshNamespace(prefix: string): string {
  const namespace = uniqueName(prefix);
  namespaces.push(namespace);
  return namespace;
}

async function topicsUnder(namespace: string): Promise<string[]> {
  return (await admin.listTopics()).filter((topic) => topic.startsWith(`${namespace}.`)).sort();
}

beforeAll(async () => {
  await admin.connect();
});

afterAll(async () => {
  await stopAll();
  const ours = (await admin.listTopics()).filter((topic) => namespaces.some((namespace) => topic.startsWith(`${namespace}.`)));
  if (ours.length > 0) await admin.deleteTopics({ topics: ours });
  await admin.disconnect();
  for (const database of databases) await database.drop();
  await removeTestBucket(bucket);
});

describe.each(DATABASE_SERVICES)('$service one-shot commands', ({ service, migrations, topics, serveEnv }) => {
  it('migrate applies every migration to an empty database once; a server told not to migrate refuses the database before, without DDL', async () => {
    const database = await createTestDatabase(`oneshot_${service}`);
    databases.push(database);

    // Before the Job: the server finds every migration pending, says which and what to run, and exits 78 having created nothing.
    const early = await command(service, [], {
      ...common,
      ...serveEnv,
      ...kafkaEnv(uniqueName('unused')),
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'false',
    });
    expect(early.status).toBe(78);
    expect(early.output).toContain(`${String(migrations.length)} pending migration(s): `);
    expect(early.output).toContain('run `node src/main.ts migrate`');
    expect(early.output).not.toContain('listening');
    expect(await query(database.url, "select to_regclass('mikro_orm_migrations') as t")).toEqual([{ t: null }]);

    const first = await command(service, ['migrate'], { DATABASE_URL: database.url });
    expect(first.status).toBe(0);
    const applied = logLine(first.output, 'migrations applied').migrations as string[];
    const recorded = await query<{ name: string }>(database.url, 'select name from mikro_orm_migrations order by id');
    expect(applied).toEqual(recorded.map((row) => row.name));
    expect(applied).toHaveLength(migrations.length);
    // The names the refusing server gave are the ones migrate applied.
    expect(early.output).toContain(applied.join(', '));

    const second = await command(service, ['migrate'], { DATABASE_URL: database.url });
    expect(second.status).toBe(0);
    expect(logLine(second.output, 'already current')).toMatchObject({ known: migrations.length });
    expect(await query(database.url, 'select count(*)::int as n from mikro_orm_migrations')).toEqual([{ n: migrations.length }]);
  });

  it('create-topics creates the topics it publishes to and consumes under KAFKA_NAMESPACE, and finds them there the second time', async () => {
    const namespace = freshNamespace(`oneshot_${service}`);
    const expected = topics.map((topic) => `${namespace}.${topic}`).sort();

    const first = await command(service, ['create-topics'], { ...kafkaEnv(namespace), KAFKA_TOPIC_PARTITIONS: '2' });
    expect(first.status).toBe(0);
    expect(logLine(first.output, 'topics ready')).toMatchObject({ existing: [], partitions: 2, replicationFactor: 1 });
    expect((logLine(first.output, 'topics ready').created as string[]).sort()).toEqual(expected);
    expect(await topicsUnder(namespace)).toEqual(expected);
    const [metadata] = (await admin.fetchTopicMetadata({ topics: [expected[0] ?? ''] })).topics;
    expect(metadata?.partitions).toHaveLength(2);

    const second = await command(service, ['create-topics'], kafkaEnv(namespace));
    expect(second.status).toBe(0);
    expect(logLine(second.output, 'topics ready')).toMatchObject({ created: [] });
    expect((logLine(second.output, 'topics ready').existing as string[]).sort()).toEqual(expected);
  });

  it('create-topics whose Kafka credentials the cluster refuses exits 78 with one line, as a server does', async () => {
    const refused = await command(service, ['create-topics'], {
      ...kafkaEnv(freshNamespace(`oneshot_${service}`)),
      KAFKA_BROKERS: infra.kafkaSaslSslBrokers.join(','),
      KAFKA_TLS_CA_FILE: join(infra.tlsDir, 'ca.pem'),
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: infra.kafkaSaslUser,
      KAFKA_SASL_PASSWORD: 'not-the-password',
    });
    expect(refused.status).toBe(78);
    expect(refused.output).toMatch(/^Kafka refused the SASL credentials \(scram-sha-512 as boardsync\)/m);
    const misfit = await command(service, ['create-topics'], { ...kafkaEnv(freshNamespace(`oneshot_${service}`)), KAFKA_SASL_MECHANISM: 'plain' });
    expect(misfit.status).toBe(78);
    expect(misfit.output).toMatch(/invalid configuration: KAFKA_SASL_USERNAME: is required/);
  });

  it('each command requires only its own variables (78), and an unknown command is 64 with the usage', async () => {
    const [migrate, createTopics, unknown, extra] = await Promise.all([
      command(service, ['migrate']),
      command(service, ['create-topics']),
      command(service, ['frobnicate']),
      command(service, ['migrate', 'now']),
    ]);
    expect(migrate.status).toBe(78);
    expect(migrate.output).toMatch(/invalid configuration: DATABASE_URL: is required/);
    expect(migrate.output).not.toMatch(/KAFKA_BROKERS|INTERNAL_JWT_SECRET|REDIS_URL|S3_/);
    expect(createTopics.status).toBe(78);
    expect(createTopics.output).toMatch(/invalid configuration: KAFKA_BROKERS: is required/);
    expect(createTopics.output).not.toMatch(/DATABASE_URL|INTERNAL_JWT_SECRET|REDIS_URL|S3_/);
    expect(unknown.status).toBe(64);
    expect(unknown.output).toContain(`${service}: unknown command "frobnicate"`);
    expect(unknown.output).toContain('usage: node src/main.ts [migrate | create-topics]');
    expect(extra.status).toBe(64);
    expect(extra.output).toContain('migrate takes no arguments');
  });
});

describe('gateway one-shot commands', () => {
  it('has create-topics for the topics it consumes, and no migrate', async () => {
    const namespace = freshNamespace('oneshot_gateway');
    const created = await command('gateway', ['create-topics'], kafkaEnv(namespace));
    expect(created.status).toBe(0);
    expect(await topicsUnder(namespace)).toEqual([`${namespace}.${Topics.designerPlanChanged}`, `${namespace}.${Topics.tokenRevoked}`]);

    const migrate = await command('gateway', ['migrate'], { DATABASE_URL: infra.databaseUrl });
    expect(migrate.status).toBe(64);
    expect(migrate.output).toContain('gateway: unknown command "migrate"');
    expect(migrate.output).toContain('usage: node src/main.ts [create-topics]');
  });
});

describe('the catalog after its Job, with MIGRATE_ON_START=false and KAFKA_CREATE_TOPICS=false', () => {
  const role = uniqueName('oneshot_dml').toLowerCase();
  let server: ServiceProcess | undefined;
  let databaseUrl: string | undefined;

  afterAll(async () => {
    if (server) await stop(server);
    // A role is the cluster's, not the database's: its grants go first (there), then the role.
    if (databaseUrl) await query(databaseUrl, `drop owned by "${role}"`).catch(() => undefined);
    await query(infra.databaseUrl, `drop role if exists "${role}"`);
  });

  it('starts as a role without DDL privileges, creates no topic, and joins its consumer once create-topics has run', async () => {
    const database = await createTestDatabase('oneshot_catalog_run');
    databases.push(database);
    databaseUrl = database.url;
    const namespace = freshNamespace('oneshot_catalog_run');
    expect((await command('catalog', ['migrate'], { DATABASE_URL: database.url })).status).toBe(0);

    // What a production runtime role gets: reads and writes, no CREATE on the schema (Postgres 15 gives PUBLIC none either).
    await query(infra.databaseUrl, `create role "${role}" login password 'dml-only'`);
    await query(
      database.url,
      `grant usage on schema public to "${role}";
       grant select, insert, update, delete on all tables in schema public to "${role}";
       grant usage, select on all sequences in schema public to "${role}";`,
    );
    const restricted = new URL(database.url);
    restricted.username = role;
    restricted.password = 'dml-only';
    // The role really cannot create a table.
    await expect(query(restricted.href, 'create table nope (id int)')).rejects.toThrow(/permission denied/);

    const internalPort = await freePort();
    server = start('catalog', [], {
      ...common,
      ...kafkaEnv(namespace),
      INTERNAL_PORT: String(internalPort),
      DATABASE_URL: restricted.href,
      MIGRATE_ON_START: 'false',
      KAFKA_CREATE_TOPICS: 'false',
    });
    const running = server;
    await eventually(
      async () => ((await fetch(`http://127.0.0.1:${String(internalPort)}/readyz`).catch(() => undefined))?.ok ? true : undefined),
      30_000,
      `the catalog to be ready; output so far:\n${running.output()}`,
    );
    expect(running.output()).not.toContain('migrations applied');

    // The consumer tries to join, finds its topic missing, and says so; the server created nothing.
    await eventually(() => (running.output().includes('Kafka topics missing') ? true : undefined), 20_000, 'the missing topics to be reported');
    expect(await topicsUnder(namespace)).toEqual([]);

    expect((await command('catalog', ['create-topics'], kafkaEnv(namespace))).status).toBe(0);
    await eventually(() => (running.output().includes('"msg":"consumer joined"') ? true : undefined), 30_000, 'the consumer to join');
    // Its waits (30 s ready + 20 s missing topics + 30 s join) and three commands exceed the 60 s default.
  }, 200_000);
});
