import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KafkaBus, OutboxRelay, Topics, decodeEnvelope, openDatabase, serve, tokenDigest, type Database, type RunningServer } from '@boardsync/kit';
import { createTestDatabase, eventually, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { verifyPassword } from '../src/domain/secrets.ts';
import { createApp } from '../src/service.ts';
import { entities } from '../src/store/entities/index.ts';
import { migrations } from '../src/store/migrations/index.ts';

const logger = testLogger('auth');
const ADMIN_TOKEN = 'admin-'.padEnd(40, 'x');
const INTROSPECTION = { id: 'gateway', secret: 'introspect-'.padEnd(40, 'y') };
const cli = fileURLToPath(new URL('../bin/boardsync-admin.js', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Database;
let bus: KafkaBus;
let relay: OutboxRelay;
let server: RunningServer;
const revokedDigests: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('auth');
  orm = await openDatabase({ url: database.url, entities, migrations, logger });
  bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'auth-test', logger, namespace: uniqueName('auth') });
  // The listener stands in for a consumer service, which creates what it consumes (the producer is tested against an empty broker in tests/standalone-services.spec.ts).
  await bus.ensureTopics([Topics.tokenRevoked]);
  await bus.subscribe({
    groupId: 'listener',
    topics: [Topics.tokenRevoked],
    handler: (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case === 'tokenRevoked') revokedDigests.push(...envelope.event.value.tokenHashes);
      return Promise.resolve();
    },
  });
  relay = new OutboxRelay({ orm, bus, logger, pollIntervalMs: 100 });
  relay.start();
  const app = createApp({
    orm,
    bus,
    logger,
    config: {
      ADMIN_TOKEN,
      INTROSPECTION_CLIENT_ID: INTROSPECTION.id,
      INTROSPECTION_CLIENT_SECRET: INTROSPECTION.secret,
      INTERNAL_JWT_SECRET: 'principal-'.padEnd(40, 'p'),
      SESSION_SECRET: 'session-'.padEnd(40, 's'),
      CATALOG_INTERNAL_URL: undefined,
      ASSET_INTERNAL_URL: undefined,
      WEBHOOK_INTERNAL_URL: undefined,
      DEFAULT_STORAGE_LIMIT_BYTES: 5_000_000,
      DEFAULT_UNLOCKED_PROJECT_LIMIT: 3,
      MAX_APPS_PER_DESIGNER: 4,
      PUBLIC_BASE_URL: 'http://localhost:8080',
    },
  });
  // Everything this suite calls (admin API, introspection, the CLI) is on auth's internal listener.
  server = await serve(app.internal, { port: 0 });
});

afterAll(async () => {
  await server.close();
  await relay.close();
  await bus.close();
  await orm.close();
  await database.drop();
});

const admin = (method: string, path: string, body?: unknown, token = ADMIN_TOKEN) =>
  fetch(`${server.url}/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const introspect = (token: string, credentials = `${INTROSPECTION.id}:${INTROSPECTION.secret}`) =>
  fetch(`${server.url}/oauth/introspect`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });

const runCli = async (...args: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args], {
    env: { ...process.env, BOARDSYNC_ADMIN_URL: server.url, BOARDSYNC_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
};

/** The CLI with `stdin` piped in (never a terminal): its exit code and what it printed. */
function runCliPiped(stdin: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...process.env, BOARDSYNC_ADMIN_URL: server.url, BOARDSYNC_ADMIN_TOKEN: ADMIN_TOKEN } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

describe('auth admin API', () => {
  it('refuses callers without the admin token', async () => {
    expect((await admin('POST', '/designers', {}, 'wrong-token')).status).toBe(401);
  });

  it('creates a designer with the default plan, and refuses a second account for the same email', async () => {
    const created = await admin('POST', '/designers', { name: 'Ada', email: 'Ada@Example.com', password: 'correct horse' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Ada', email: 'ada@example.com', plan: { storage_limit_bytes: 5_000_000, unlocked_limit: 3 } });
    const again = await admin('POST', '/designers', { name: 'Ada 2', email: 'ada@example.com', password: 'correct horse' });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'validation_failed', errors: { email: ['is already registered'] } });
  });

  it('names every invalid field', async () => {
    const response = await admin('POST', '/designers', { name: '', email: 'not-an-email', password: 'short' });
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(response.status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password']);
  });

  it('refuses unknown scopes', async () => {
    const designer = (await (await admin('POST', '/designers', { name: 'S', email: `${uniqueName('s')}@example.com`, password: 'password1' })).json()) as {
      id: number;
    };
    const response = await admin('POST', '/tokens', { designer_id: designer.id, scopes: 'projects:read everything' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { scopes: ['unknown scope(s): everything'] } });
  });
});

describe('apps per designer', () => {
  it('registers at most MAX_APPS_PER_DESIGNER apps for a designer, racing or not, with 422 app_limit_reached past it', async () => {
    const designerFor = async () =>
      ((await (await admin('POST', '/designers', { name: 'A', email: `${uniqueName('a')}@example.com`, password: 'password1' })).json()) as { id: number }).id;
    const designer = await designerFor();
    const app = (n: number, designerId = designer) =>
      admin('POST', '/apps', { designer_id: designerId, name: `Tool ${String(n)}`, redirect_uris: ['https://tool.example/callback'] });
    // Six at once against a cap of four: exactly four pass.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => app(n)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 422, 422]);
    const refused = answers.find((answer) => answer.status === 422);
    expect(await refused?.json()).toMatchObject({ code: 'app_limit_reached', limit: 4, detail: expect.stringContaining('at most 4 apps') as unknown });
    // Another designer is counted alone.
    expect((await app(7, await designerFor())).status).toBe(201);
  });
});

describe('personal tokens and introspection', () => {
  it('introspects a personal token to its designer, scopes and plan, until it is revoked', async () => {
    const designer = (await (
      await admin('POST', '/designers', {
        name: 'Bo',
        email: `${uniqueName('bo')}@example.com`,
        password: 'password1',
        unlocked_limit: null,
        storage_limit_bytes: 42,
      })
    ).json()) as { id: number };
    const created = (await (
      await admin('POST', '/tokens', { designer_id: designer.id, scopes: ['components:write', 'projects:read'], name: 'card tool' })
    ).json()) as { id: number; token: string; scopes: string[]; app: string };
    expect(created.token).toMatch(/^bsp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ scopes: ['projects:read', 'components:write'], app: 'api:personal', name: 'card tool' });

    const active = await introspect(created.token);
    expect(active.headers.get('cache-control')).toBe('no-store');
    expect(await active.json()).toMatchObject({
      active: true,
      scope: 'projects:read components:write',
      sub: String(designer.id),
      source: 'api:personal',
      storage_limit_bytes: 42,
      unlocked_limit: null,
    });
    expect(await (await introspect(`${created.token}x`)).json()).toEqual({ active: false });

    expect((await admin('DELETE', `/tokens/${created.id}`)).status).toBe(200);
    expect(await (await introspect(created.token)).json()).toEqual({ active: false });
    const digest = tokenDigest(created.token);
    await eventually(() => (revokedDigests.includes(digest) ? true : undefined), 30_000, 'auth.token.revoked on Kafka');
  });

  it('answers introspection only to the gateway client', async () => {
    const response = await introspect('anything', 'gateway:wrong-secret');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_client' });
  });
});

describe('boardsync-admin CLI', () => {
  it('creates a designer and a token, printing JSON', async () => {
    const email = `${uniqueName('cli')}@example.com`;
    const piped = await runCliPiped(
      'correct horse\n',
      ...['designer', 'create', '--name', 'Cli', '--email', email, '--password-stdin', '--unlocked-limit', 'none', '--storage-limit-bytes', '1000'],
    );
    expect([piped.code, piped.stderr]).toEqual([0, '']);
    const designer = JSON.parse(piped.stdout) as Record<string, unknown>;
    // The password is what was piped in, without its line ending.
    const stored = await orm.em.fork().execute<{ password_hash: string }[]>('select password_hash from designer where id = ?', [designer.id]);
    expect(await verifyPassword('correct horse', stored[0]?.password_hash ?? '')).toBe(true);
    expect(designer).toMatchObject({ name: 'Cli', plan: { storage_limit_bytes: 1000, unlocked_limit: null } });
    const token = await runCli('token', 'create', '--designer', String(designer.id), '--scopes', 'projects:read webhooks:write');
    expect(token).toMatchObject({ scopes: ['projects:read', 'webhooks:write'], app: 'api:personal' });
    expect(await (await introspect(String(token.token))).json()).toMatchObject({ active: true, sub: String(designer.id) });
    const plan = await runCli('designer', 'set-plan', '--designer', String(designer.id), '--unlocked-limit', '5');
    expect(plan).toMatchObject({ plan: { storage_limit_bytes: 1000, unlocked_limit: 5 } });
  });

  it('never takes a password from the command line, and asks for none where there is no terminal', async () => {
    const email = `${uniqueName('cli')}@example.com`;
    const argv = await runCliPiped('', 'designer', 'create', '--name', 'Argv', '--email', email, '--password', 'password1');
    expect([argv.code, argv.stderr]).toEqual([2, expect.stringContaining('shell history')]);
    const unasked = await runCliPiped('password1\n', 'designer', 'create', '--name', 'Argv', '--email', email);
    expect([unasked.code, unasked.stderr]).toEqual([2, expect.stringContaining('--password-stdin')]);
    const tooLong = await runCliPiped('p'.repeat(5000), 'designer', 'create', '--name', 'Argv', '--email', email, '--password-stdin');
    expect([tooLong.code, tooLong.stderr]).toEqual([2, expect.stringContaining('not a password')]);
    expect(await orm.em.fork().execute('select id from designer where email = ?', [email])).toEqual([]);
  });

  it('explains usage and exits 2 on a bad command', async () => {
    await expect(runCli('designer', 'explode')).rejects.toMatchObject({ code: 2 });
  });
});
