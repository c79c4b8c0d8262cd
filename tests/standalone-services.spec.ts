import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import kafkajs from 'kafkajs';
import { createTestDatabase, eventually, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { startServiceProcess, type ServiceProcess } from './support/service-process.ts';
import { DATABASE_SERVICES, freeListeners, standaloneEnv, testSecret, type StandaloneWorld } from './support/standalone-env.ts';

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Running = ServiceProcess;
const run = (service: string, env: Record<string, string>): Running => startServiceProcess(service, [], env);

async function ready(url: string, what: Running): Promise<void> {
  await eventually(
    async () => {
      const response = await fetch(`${url}/healthz`).catch(() => undefined);
      return response?.ok ? true : undefined;
    },
    30_000,
    `${url} to answer; output so far:\n${what.output()}`,
  );
}

describe('each service started alone on Postgres and Kafka', () => {
  const namespace = uniqueName('alone');
  const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  const running: Running[] = [];
  let ports: StandaloneWorld['listeners'];
  // A webhook receiver on this machine (allowed to the webhook service through SSRF_ALLOW_CIDRS, as in development).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end();
    });
  });
  const bucket = namespace.toLowerCase().replace(/_/g, '-');
  const kafka = new kafkajs.Kafka({ brokers: infra.kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING });
  const admin = kafka.admin();

  beforeAll(async () => {
    ports = await freeListeners();
    const world: StandaloneWorld = { namespace, bucket, databaseUrls: {}, listeners: ports };
    for (const service of DATABASE_SERVICES) {
      const database = await createTestDatabase(`alone_${service}`);
      databases.push(database);
      world.databaseUrls[service] = database.url;
    }
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await admin.connect();
    const catalog = run('catalog', standaloneEnv('catalog', world));
    const asset = run('asset', standaloneEnv('asset', world));
    const webhook = run('webhook', { ...standaloneEnv('webhook', world), SSRF_ALLOW_CIDRS: '127.0.0.1/32' });
    const auth = run('auth', standaloneEnv('auth', world));
    const gateway = run('gateway', standaloneEnv('gateway', world));
    running.push(gateway, auth, webhook, asset, catalog);
    await ready(`http://127.0.0.1:${String(ports.webhook.port)}`, webhook);
    await ready(`http://127.0.0.1:${String(ports.catalog.port)}`, catalog);
    await ready(`http://127.0.0.1:${String(ports.asset.port)}`, asset);
    await ready(`http://127.0.0.1:${String(ports.auth.port)}`, auth);
    await ready(`http://127.0.0.1:${String(ports.gateway.port)}`, gateway);
  });

  afterAll(async () => {
    for (const service of running) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    await admin.disconnect();
    for (const database of databases) await database.drop();
    await removeTestBucket(bucket);
    receiver.close();
  });

  const adminCall = async (base: number, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`http://127.0.0.1:${String(base)}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${testSecret('admin')}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  it('serves a sync end to end, creating every topic it uses in an empty namespace', async () => {
    // The namespace is new to this run: whatever topics it holds, the services created.
    const designer = await adminCall(ports.auth.internalPort, 'POST', '/designers', {
      name: 'Alone',
      email: `${namespace}@example.com`,
      password: 'password1',
    });
    const { token } = (await adminCall(ports.auth.internalPort, 'POST', '/tokens', {
      designer_id: designer.id,
      scopes: 'projects:write components:write components:read assets:write assets:read webhooks:write',
    })) as { token: string };
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${String(ports.gateway.port)}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const registered = await api('POST', '/webhooks', {
      url: `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`,
      events: ['components.changed'],
    });
    expect(registered.status).toBe(201);
    const { secret } = (await registered.json()) as { secret: string };
    const project = (await (await api('POST', '/projects', { name: 'Alone' })).json()) as { data: { id: number } };
    const written = await api('POST', `/projects/${String(project.data.id)}/components/batch`, { type: 'card', components: [{ name: 'A' }, { name: 'B' }] });
    expect(written.status).toBe(201);

    // The write reaches the receiver through the outbox, Kafka and the webhook service: once, signed.
    const delivery = await eventually(() => received[0], 30_000, 'the components.changed delivery');
    const timestamp = String(delivery.headers['x-svc-timestamp']);
    expect(delivery.headers['x-svc-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);
    expect(JSON.parse(delivery.body)).toMatchObject({ event: 'components.changed', data: { project_id: project.data.id, created: 2 } });

    // An upload through the gateway lands in the bucket the asset service created, and /me counts it.
    const form = new FormData();
    form.set('file', new Blob([ONE_PIXEL_PNG]), 'pixel.png');
    const uploaded = await fetch(`http://127.0.0.1:${String(ports.gateway.port)}/api/v1/projects/${String(project.data.id)}/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    expect(await uploaded.json()).toMatchObject({
      size: ONE_PIXEL_PNG.length,
      name: 'pixel.png',
      url: expect.stringMatching(new RegExp(`^${infra.s3Endpoint}/${bucket}/designers/`)),
    });
    const me = (await (await api('GET', '/me')).json()) as { storage: { used_bytes: number } };
    expect(me.storage.used_bytes).toBe(ONE_PIXEL_PNG.length);

    const expected = [
      'catalog.components.changed',
      'catalog.project.updated',
      'asset.internalize.requested',
      'asset.internalize.completed',
      'asset.changed',
      'auth.token.revoked',
      'auth.designer.plan-changed',
    ];
    const topics = await eventually(
      async () => {
        const names = new Set(await admin.listTopics());
        return expected.every((topic) => names.has(`${namespace}.${topic}`)) ? names : undefined;
      },
      30_000,
      'the services to create their topics',
    );
    expect(topics.size).toBeGreaterThan(0);

    // The write's one event left the outbox for the topic the catalog created, and readiness (which checks the outbox) is green.
    const published = async (): Promise<number> =>
      (await admin.fetchTopicOffsets(`${namespace}.catalog.components.changed`)).reduce((sum, partition) => sum + Number(partition.high), 0);
    await eventually(async () => ((await published()) > 0 ? true : undefined), 20_000, 'components.changed to be published');
    expect(await published()).toBe(1);
    const detail = (await (await fetch(`http://127.0.0.1:${String(ports.catalog.internalPort)}/readyz`)).json()) as {
      status: string;
      checks: Record<string, string>;
    };
    expect(detail).toEqual({ status: 'ok', checks: { database: 'ok', bus: 'ok', outbox: 'ok' } });
    const assetDetail = (await (await fetch(`http://127.0.0.1:${String(ports.asset.internalPort)}/readyz`)).json()) as { checks: Record<string, string> };
    expect(assetDetail.checks).toEqual({ database: 'ok', bus: 'ok', outbox: 'ok', objects: 'ok' });
    expect(received).toHaveLength(1);

    // The gateway joined its revocation consumer though the topic did not exist when it started.
    await adminCall(ports.auth.internalPort, 'DELETE', '/tokens/1');
    await eventually(
      async () => ((await api('GET', `/projects/${String(project.data.id)}/components`)).status === 401 ? true : undefined),
      20_000,
      'the revoked token to be refused',
    );
  });

  it('logs which adapters each service runs on', () => {
    for (const service of running) expect(service.output()).toMatch(/"database":"postgres"|"rateLimits":"redis"/);
  });
});

describe('a service started alone without its adapters', () => {
  it.each([
    ['catalog', ['DATABASE_URL', 'KAFKA_BROKERS']],
    ['auth', ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']],
    ['gateway', ['KAFKA_BROKERS', 'REDIS_URL']],
    ['asset', ['DATABASE_URL', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'S3_BUCKET']],
    ['webhook', ['DATABASE_URL', 'KAFKA_BROKERS']],
  ])('%s exits 78 naming what is missing, never falling back to an embedded adapter', async (service, missing) => {
    const secrets = {
      INTERNAL_JWT_SECRET: testSecret('p'),
      ADMIN_TOKEN: testSecret('a'),
      INTROSPECTION_CLIENT_SECRET: testSecret('i'),
      SESSION_SECRET: testSecret('s'),
      AUTH_URL: 'http://127.0.0.1:1',
      AUTH_INTERNAL_URL: 'http://127.0.0.1:1',
    };
    const started = run(service, secrets);
    expect(await started.exited).toBe(78);
    for (const variable of missing) expect(started.output()).toMatch(new RegExp(`invalid configuration: ${variable}: is required`));
    expect(started.output()).not.toContain('listening');
  });
});

describe('a service told to send a Kafka password in clear', () => {
  it('exits 78 with one line before it connects: SASL PLAIN without TLS, unless KAFKA_SASL_ALLOW_PLAINTEXT says the network is trusted', async () => {
    const started = run('gateway', {
      INTERNAL_JWT_SECRET: testSecret('p'),
      INTROSPECTION_CLIENT_SECRET: testSecret('i'),
      AUTH_URL: 'http://127.0.0.1:1',
      AUTH_INTERNAL_URL: 'http://127.0.0.1:1',
      REDIS_URL: infra.redisUrl,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: infra.kafkaSaslUser,
      KAFKA_SASL_PASSWORD: infra.kafkaSaslPassword,
    });
    expect(await started.exited).toBe(78);
    expect(started.output()).toMatch(/^invalid configuration: KAFKA_SASL_MECHANISM: plain over a plaintext connection sends the password in clear/m);
    expect(started.output()).not.toContain(infra.kafkaSaslPassword);
    expect(started.output()).not.toContain('listening');
  });
});

describe('a service whose Kafka settings the broker refuses', () => {
  it('exits 78 with one line naming what to fix, never retrying: a wrong SASL password, an untrusted broker', async () => {
    const common = {
      INTERNAL_JWT_SECRET: testSecret('p'),
      INTROSPECTION_CLIENT_SECRET: testSecret('i'),
      AUTH_URL: 'http://127.0.0.1:1',
      AUTH_INTERNAL_URL: 'http://127.0.0.1:1',
      REDIS_URL: infra.redisUrl,
      KAFKA_BROKERS: infra.kafkaSaslSslBrokers.join(','),
      KAFKA_SASL_MECHANISM: 'scram-sha-256',
      KAFKA_SASL_USERNAME: infra.kafkaSaslUser,
    };
    const wrongPassword = run('gateway', { ...common, KAFKA_TLS_CA_FILE: join(infra.tlsDir, 'ca.pem'), KAFKA_SASL_PASSWORD: 'not-the-password' });
    const untrusted = run('gateway', { ...common, KAFKA_TLS: 'true', KAFKA_SASL_PASSWORD: infra.kafkaSaslPassword });
    expect(await wrongPassword.exited).toBe(78);
    expect(wrongPassword.output()).toMatch(/^Kafka refused the SASL credentials \(scram-sha-256 as boardsync\)/m);
    expect(await untrusted.exited).toBe(78);
    expect(untrusted.output()).toMatch(/^Kafka's certificate is not trusted \([A-Z_]+\): set KAFKA_TLS_CA_FILE/m);
    for (const started of [wrongPassword, untrusted]) expect(started.output()).not.toContain('listening');
  });
});
