import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import {
  INTERNAL_PRINCIPAL_HEADER,
  KafkaBus,
  SERVICE_ENTRY,
  Topics,
  decodeEnvelope,
  issuePrincipalToken,
  openDatabase,
  type ComponentsChanged,
  type Database,
} from '@boardsync/kit';
import { createTestDatabase, eventually, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { entities } from '../src/store/entities/index.ts';
import { migrations } from '../src/store/migrations/index.ts';

const catalogFolder = fileURLToPath(new URL('..', import.meta.url));
const PRINCIPAL_SECRET = 'crash-principal-'.padEnd(40, 'p');
const logger = testLogger('outbox-crash');

interface Running {
  child: ChildProcessByStdio<null, Readable, Readable>;
  url: string;
  exited: Promise<number | null>;
}

/** The real catalog process (src/main.ts, started as its image starts it), configured only by its environment. */
async function startCatalog(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [...SERVICE_ENTRY], {
    cwd: catalogFolder,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_TOKEN: 'crash-admin-'.padEnd(40, 'a'),
      INTERNAL_JWT_SECRET: PRINCIPAL_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await eventually(() => /"url":"(http:\/\/[^"]+)".*"msg":"catalog listening"/.exec(output)?.[1], 45_000, `catalog to listen:\n${output}`);
  return { child, url, exited };
}

async function call(url: string, method: string, path: string, body: unknown, designerId: number): Promise<Response> {
  const principal = await issuePrincipalToken(
    {
      designerId,
      source: 'api:crash-test',
      scopes: ['projects:write', 'components:write'],
      plan: { storageLimitBytes: 1_000_000, unlockedProjectLimit: null },
      requestId: 'crash',
    },
    PRINCIPAL_SECRET,
  );
  return fetch(`${url}${path}`, {
    method,
    headers: { [INTERNAL_PRINCIPAL_HEADER]: principal, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('a catalog killed between the commit and the publish', () => {
  const namespace = uniqueName('crash');
  const seen: ComponentsChanged[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Database;
  let listener: KafkaBus;

  beforeAll(async () => {
    database = await createTestDatabase('catalog');
    listener = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'crash-listener', logger, namespace });
    await listener.ensureTopics([Topics.componentsChanged]);
    await listener.subscribe({
      groupId: 'listener',
      topics: [Topics.componentsChanged],
      handler: (message) => {
        const envelope = decodeEnvelope(message.value);
        if (envelope.event?.$case === 'componentsChanged') seen.push(envelope.event.value);
        return Promise.resolve();
      },
    });
  });

  afterAll(async () => {
    await listener.close();
    await orm.close();
    await database.drop();
  });

  it('still delivers the components.changed event once it runs again', async () => {
    // First life: the broker address answers nothing, so the relay can never publish.
    const first = await startCatalog({ DATABASE_URL: database.url, KAFKA_BROKERS: '127.0.0.1:1', KAFKA_NAMESPACE: namespace });
    const designerId = 4242;
    const project = await call(first.url, 'POST', '/api/v1/projects', { name: 'Crash' }, designerId);
    expect(project.status).toBe(201);
    const projectId = ((await project.json()) as { data: { id: number } }).data.id;
    const written = await call(
      first.url,
      'POST',
      `/api/v1/projects/${String(projectId)}/components/batch`,
      { type: 'card', components: [{ name: 'A' }, { name: 'B' }] },
      designerId,
    );
    expect(written.status).toBe(201);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    orm = await openDatabase({ url: database.url, entities, migrations, logger });
    const pending = await orm.em
      .fork()
      .execute<{ count: string }[]>("select count(*) as count from outbox_message where sent_at is null and topic = 'catalog.components.changed'");
    expect(Number(pending[0]?.count)).toBe(1);

    // Second life, with the broker: the event committed before the kill goes out.
    const second = await startCatalog({ DATABASE_URL: database.url, KAFKA_BROKERS: infra.kafkaBrokers.join(','), KAFKA_NAMESPACE: namespace });
    try {
      const event = await eventually(() => seen.find((change) => change.projectId === projectId), 45_000, 'the event written before the kill');
      expect(event).toMatchObject({ type: 'card', created: 2, updated: 0, deleted: 0 });
      expect(event.components.map((ref) => ref.name)).toEqual(['A', 'B']);
      // The relay marks the row sent once the broker has it; nothing is left pending.
      await eventually(
        async () => {
          const [unsent] = await orm.em.fork().execute<{ count: string }[]>('select count(*) as count from outbox_message where sent_at is null');
          return Number(unsent?.count) === 0 ? true : undefined;
        },
        20_000,
        'the outbox to drain',
      );
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
