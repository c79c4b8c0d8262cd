import {
  InProcessBus,
  KafkaBus,
  OutboxRelay,
  Topics,
  decodeEnvelope,
  INTERNAL_PRINCIPAL_HEADER,
  issuePrincipalToken,
  openDatabase,
  serve,
  type Database,
  type Envelope,
  type EventBus,
  type RunningServer,
} from '@boardsync/kit';
import { createTestDatabase, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { changeFeed, createApp } from '../../src/service.ts';
import type { ChangeFeed } from '../../src/use-cases/change-reader.ts';
import { assetsChangedConsumer } from '../../src/events/assets-changed.ts';
import { internalizeCompletedConsumer } from '../../src/events/internalize-completed.ts';
import { entities } from '../../src/store/entities/index.ts';
import { migrations } from '../../src/store/migrations/index.ts';

export const ADMIN_TOKEN = 'admin-'.padEnd(40, 'c');
const PRINCIPAL_SECRET = 'principal-'.padEnd(40, 'q');
export const STORED_ARTWORK_URL = 'https://files.boardsync.test/';
/** The gateway's public origin, as PUBLIC_BASE_URL configures it: every pagination link starts with it. */
export const PUBLIC_BASE_URL = 'https://api.boardsync.test';
const logger = testLogger('catalog');

export interface Caller {
  designerId: number;
  source?: string;
  scopes?: string[];
  unlockedLimit?: number | null;
}

/**
 * Where the catalog keeps its data and sends its events: real Postgres and Kafka, or the embedded
 * mode's adapters (PGlite in memory, the in-process bus). The same suites run on both.
 */
export type Backend = 'postgres+kafka' | 'pglite+in-process';

/**
 * The catalog on a backend, called as the gateway would (a signed principal and X-Forwarded-*
 * headers), with a listener on the catalog's topics.
 */
export class CatalogWorld {
  private database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  orm!: Database;
  private bus!: EventBus;
  private listenerBus!: EventBus;
  private relay!: OutboxRelay;
  private server!: RunningServer;
  /** The admin API and `/internal/*`: a second listener, never behind the gateway. */
  private internal!: RunningServer;
  readonly events: Envelope[] = [];
  private nextDesigner = 1;

  readonly backend: Backend;

  constructor(backend: Backend = 'postgres+kafka') {
    this.backend = backend;
  }

  async start(): Promise<void> {
    if (this.backend === 'postgres+kafka') {
      const namespace = uniqueName('cat');
      this.database = await createTestDatabase('catalog');
      this.orm = await openDatabase({ url: this.database.url, entities, migrations, logger });
      this.bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'catalog', logger, namespace });
      this.listenerBus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'listener', logger, namespace });
    } else {
      this.orm = await openDatabase({ entities, migrations, logger });
      this.bus = new InProcessBus({ logger });
      this.listenerBus = this.bus;
    }
    // Stand-in consumers create what they consume, as the services' own consumers do; that the
    // producers create theirs is tested against an empty broker in tests/standalone-services.spec.ts.
    await this.bus.ensureTopics([
      Topics.projectUpdated,
      Topics.componentsChanged,
      Topics.internalizeRequested,
      Topics.internalizeCompleted,
      Topics.assetsChanged,
    ]);
    await this.bus.subscribe(internalizeCompletedConsumer(this.orm, logger));
    await this.bus.subscribe(assetsChangedConsumer(this.orm));
    await this.listenerBus.subscribe({
      groupId: 'listener',
      topics: [Topics.projectUpdated, Topics.componentsChanged, Topics.internalizeRequested],
      handler: (message) => {
        this.events.push(decodeEnvelope(message.value));
        return Promise.resolve();
      },
    });
    this.relay = new OutboxRelay({ orm: this.orm, bus: this.bus, logger, pollIntervalMs: 50 });
    this.relay.start();
    const apps = createApp({ orm: this.orm, bus: this.bus, logger, config: this.config });
    this.server = await serve(apps.public, { port: 0 });
    this.internal = await serve(apps.internal, { port: 0 });
  }

  private readonly config = {
    ADMIN_TOKEN,
    INTERNAL_JWT_SECRET: PRINCIPAL_SECRET,
    ASSET_PUBLIC_URL: STORED_ARTWORK_URL,
    PUBLIC_BASE_URL,
    // Short, so the suites see a quiet stream's heartbeat and its end without waiting long.
    CHANGES_HEARTBEAT_MS: 1_000,
    CHANGES_STREAM_MAX_SECONDS: 5,
    CHANGES_MAX_WAITING_PER_DESIGNER: 3,
  };

  /** Another replica's public listener on the same database and bus, with its feed's waiting readers in reach (to stop them, as its shutdown does). */
  async replica(): Promise<{ url: string; feed: ChangeFeed; close: () => Promise<void> }> {
    const feed = changeFeed(this.orm, this.config);
    const server = await serve(createApp({ orm: this.orm, bus: this.bus, logger, config: this.config, feed }).public, { port: 0 });
    return { url: server.url, feed, close: () => server.close() };
  }

  async stop(): Promise<void> {
    await this.server.close();
    await this.internal.close();
    await this.relay.close();
    if (this.listenerBus !== this.bus) await this.listenerBus.close();
    await this.bus.close();
    await this.orm.close();
    await this.database?.drop();
  }

  /** A fresh designer id (the catalog keeps no designer table: auth owns them). */
  designer(): number {
    return this.nextDesigner++ * 1000 + Math.floor(Math.random() * 1000);
  }

  /** The principal header the gateway would send for the caller. */
  async principalHeaders(caller: Caller): Promise<Record<string, string>> {
    return { [INTERNAL_PRINCIPAL_HEADER]: await principalFor(caller) };
  }

  /** `headers` are sent on top of (and may replace) the gateway's, as a hostile caller's would be. */
  async call(caller: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.callOn(this.server.url, caller, method, path, body, headers);
  }

  /** The same call on the internal listener (`/internal/*`, as auth's `/me` makes it). */
  async callInternal(caller: Caller, method: string, path: string): Promise<Response> {
    return this.callOn(this.internal.url, caller, method, path);
  }

  private async callOn(base: string, caller: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const principal = await principalFor(caller);
    return fetch(`${base}${path}`, {
      method,
      headers: {
        [INTERNAL_PRINCIPAL_HEADER]: principal,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'api.boardsync.test',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  admin(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.internal.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Publishes as another service would (the asset service answering an internalize request). */
  publish(messages: Parameters<EventBus['publish']>[0]): Promise<void> {
    return this.listenerBus.publish(messages);
  }

  get url(): string {
    return this.server.url;
  }

  /** The internal listener's base URL, for calls that must come without a principal. */
  get internalUrl(): string {
    return this.internal.url;
  }
}

function principalFor(caller: Caller): Promise<string> {
  return issuePrincipalToken(
    {
      designerId: caller.designerId,
      source: caller.source ?? 'api:personal',
      scopes: caller.scopes ?? ['projects:read', 'projects:write', 'components:read', 'components:write'],
      plan: { storageLimitBytes: 1_000_000, unlockedProjectLimit: caller.unlockedLimit === undefined ? null : caller.unlockedLimit },
      requestId: 'test',
    },
    PRINCIPAL_SECRET,
  );
}
