import { Redis } from 'ioredis';
import { KafkaBus, OutboxRelay, openDatabase, serve, type Database, type RunningServer } from '@boardsync/kit';
import { createTestDatabase, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { createApp } from '../../src/service.ts';
import { entities } from '../../src/store/entities/index.ts';
import { migrations } from '../../src/store/migrations/index.ts';

export const ADMIN_TOKEN = 'admin-'.padEnd(40, 'x');
export const PASSWORD = 'a long pass phrase';

/** One auth replica: its public listener (what the gateway proxies to) and its internal one. */
export interface AuthReplica {
  public: RunningServer;
  internal: RunningServer;
}

/**
 * Auth alone on the real servers: its own database, Kafka namespace and outbox relay. The tests
 * play the gateway themselves (X-Forwarded-For, X-Forwarded-Proto), which auth trusts.
 */
export class AuthAlone {
  readonly namespace = uniqueName('auth');
  readonly logger = testLogger('auth');
  bus!: KafkaBus;
  private database!: Awaited<ReturnType<typeof createTestDatabase>>;
  private orm!: Database;
  private relay!: OutboxRelay;
  private readonly closers: (() => Promise<unknown>)[] = [];
  private sharedRedis: Redis | undefined;

  /** A Redis client for this run, made on first use and closed by `stop()`: what replicas share counters through. */
  get redis(): Redis {
    if (!this.sharedRedis) {
      const client = new Redis(infra.redisUrl);
      this.sharedRedis = client;
      this.closers.push(() => client.quit());
    }
    return this.sharedRedis;
  }

  async start(): Promise<void> {
    this.database = await createTestDatabase('auth');
    this.orm = await openDatabase({ url: this.database.url, entities, migrations, logger: this.logger });
    this.bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'auth-test', logger: this.logger, namespace: this.namespace });
    this.relay = new OutboxRelay({ orm: this.orm, bus: this.bus, logger: this.logger, pollIntervalMs: 100 });
    this.relay.start();
  }

  /** A replica over the shared database; with `redis`, its throttle counters live there under this run's namespace. */
  async replica(redis?: Redis): Promise<AuthReplica> {
    const apps = createApp({
      orm: this.orm,
      bus: this.bus,
      logger: this.logger,
      redis,
      config: {
        ADMIN_TOKEN,
        INTROSPECTION_CLIENT_ID: 'gateway',
        INTROSPECTION_CLIENT_SECRET: 'introspect-'.padEnd(40, 'y'),
        INTERNAL_JWT_SECRET: 'principal-'.padEnd(40, 'p'),
        SESSION_SECRET: 'session-'.padEnd(40, 's'),
        CATALOG_INTERNAL_URL: undefined,
        ASSET_INTERNAL_URL: undefined,
        WEBHOOK_INTERNAL_URL: undefined,
        DEFAULT_STORAGE_LIMIT_BYTES: 5_000_000,
        DEFAULT_UNLOCKED_PROJECT_LIMIT: 3,
        MAX_APPS_PER_DESIGNER: 25,
        PUBLIC_BASE_URL: 'http://localhost:8080',
        REDIS_KEY_PREFIX: this.namespace,
      },
    });
    const replica = { public: await serve(apps.public, { port: 0 }), internal: await serve(apps.internal, { port: 0 }) };
    this.closers.push(
      () => replica.public.close(),
      () => replica.internal.close(),
    );
    return replica;
  }

  admin(replica: AuthReplica, method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${replica.internal.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A designer with PASSWORD; returns its id and email. */
  async designer(replica: AuthReplica, plan: { storage_limit_bytes?: number; unlocked_limit?: number | null } = {}): Promise<{ id: number; email: string }> {
    const email = `${uniqueName('d')}@example.com`;
    const response = await this.admin(replica, 'POST', '/designers', { name: 'Designer', email, password: PASSWORD, ...plan });
    if (response.status !== 201) throw new Error(`creating a designer answered ${String(response.status)}`);
    return { id: ((await response.json()) as { id: number }).id, email };
  }

  /** Rows of a query on this run's own database (what a test arranges beneath the API). */
  async rows<T extends object>(statement: string, params: unknown[] = []): Promise<T[]> {
    return this.orm.em.getConnection().execute<T[]>(statement, params);
  }

  /** Runs SQL on this run's own database (to break it on purpose). */
  async sql(statement: string): Promise<void> {
    await this.orm.em.getConnection().execute(statement);
  }

  async stop(): Promise<void> {
    for (const close of this.closers.reverse()) await close();
    await this.relay.close();
    await this.bus.close();
    await this.orm.close();
    await this.database.drop();
  }
}

/** Client addresses of their own for each use (under `prefix`, e.g. `198.51`), so one test's failures never spend another's budget. */
export function addressSequence(prefix: string): () => string {
  let last = 0;
  return () => {
    last += 1;
    return `${prefix}.${String(Math.floor(last / 250))}.${String(last % 250)}`;
  };
}
