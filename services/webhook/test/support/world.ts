import {
  INTERNAL_PRINCIPAL_HEADER,
  InProcessBus,
  KafkaBus,
  Topics,
  eventMessage,
  issuePrincipalToken,
  parseConfig,
  type EventBody,
  type EventBus,
  type RunningDatabaseService,
  type ServiceAdapters,
} from '@boardsync/kit';
import { createTestDatabase, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { webhookSettingsSchema, type WebhookSettings } from '../../src/config.ts';
import { startWebhook } from '../../src/service.ts';
import { ConsentAuthority } from './consent-authority.ts';

/** The test worlds' admin token (the internal listener's admin API). */
export const ADMIN_TOKEN = 'admin-'.padEnd(40, 'a');
export const PRINCIPAL_SECRET = 'principal-'.padEnd(40, 'p');
export const PUBLIC_BASE_URL = 'https://api.boardsync.test';
/** The test worlds' WEBHOOK_SECRET_KEYS: one key, 32 bytes of 7. */
export const TEST_SECRET_KEYS = `test=${Buffer.alloc(32, 7).toString('base64')}`;

/** Real Postgres and Kafka, or the embedded mode's PGlite and in-process bus. The same suites run on both. */
export type Backend = 'postgres+kafka' | 'pglite+in-process';

export interface Caller {
  designerId: number;
  /** The app: `api:{client_id}` or `api:personal`. */
  source?: string;
  scopes?: string[];
  /** The consent the caller's token stands on (`pat:{id}`, `grant:{id}`); none: an older gateway's principal. */
  credential?: string;
}

/**
 * The webhook service started by its start function on a backend (receivers on 127.0.0.1 are
 * allowed through SSRF_ALLOW_CIDRS, as in development), called as the gateway would, and fed
 * catalog events on its bus as the catalog's outbox would publish them.
 */
export class WebhookWorld {
  readonly backend: Backend;
  service!: RunningDatabaseService;
  /** Answers the service's consent questions as auth would; a test withdraws consents on it. */
  readonly consents = new ConsentAuthority(PRINCIPAL_SECRET);
  /** Where the service asks about consents (its AUTH_INTERNAL_URL). */
  authInternalUrl = '';
  private bus!: EventBus;
  private cleanups: (() => Promise<void>)[] = [];
  private nextDesigner = 1;
  private readonly overrides: Partial<Record<keyof WebhookSettings, string>>;

  constructor(backend: Backend, overrides: Partial<Record<keyof WebhookSettings, string>> = {}) {
    this.backend = backend;
    this.overrides = overrides;
  }

  async start(): Promise<void> {
    const logger = testLogger('webhook-world');
    this.authInternalUrl = await this.consents.start();
    this.cleanups.push(() => this.consents.stop());
    let adapters: ServiceAdapters;
    if (this.backend === 'postgres+kafka') {
      const database = await createTestDatabase('webhook');
      this.cleanups.push(() => database.drop());
      this.bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId: 'webhook-world', logger, namespace: uniqueName('whk') });
      adapters = { database: { kind: 'postgres', url: database.url, poolMax: 6 }, bus: this.bus, ownsBus: false };
    } else {
      this.bus = new InProcessBus({ logger });
      adapters = { database: { kind: 'pglite', dataDir: '' }, bus: this.bus, ownsBus: false };
    }
    this.service = await startWebhook(
      parseConfig(webhookSettingsSchema, {
        INTERNAL_JWT_SECRET: PRINCIPAL_SECRET,
        ADMIN_TOKEN,
        PORT: '0',
        INTERNAL_PORT: '0',
        LOG_LEVEL: 'silent',
        PUBLIC_BASE_URL,
        SSRF_ALLOW_CIDRS: '127.0.0.1/32',
        WEBHOOK_RETRY_DELAYS: '200ms,400ms,600ms',
        WEBHOOK_SECRET_KEYS: TEST_SECRET_KEYS,
        AUTH_INTERNAL_URL: this.authInternalUrl,
        ...this.overrides,
      }),
      testLogger('webhook'),
      adapters,
    );
  }

  async stop(): Promise<void> {
    for (const part of this.service.parts) await part.close();
    await this.bus.close();
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }

  designer(): number {
    return this.nextDesigner++ * 1000 + Math.floor(Math.random() * 1000);
  }

  /** `headers` are sent on top of the gateway's (an Idempotency-Key). */
  async call(caller: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const principal = await issuePrincipalToken(
      {
        designerId: caller.designerId,
        source: caller.source ?? 'api:personal',
        scopes: caller.scopes ?? ['webhooks:write'],
        ...(caller.credential === undefined ? {} : { credential: caller.credential }),
        plan: { storageLimitBytes: 1_000_000, unlockedProjectLimit: null },
        requestId: 'test',
      },
      PRINCIPAL_SECRET,
    );
    return fetch(`${this.service.url}${path}`, {
      method,
      headers: { [INTERNAL_PRINCIPAL_HEADER]: principal, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Publishes a catalog event for a designer's project as the catalog's outbox would; returns its event id. */
  async publishCatalogEvent(designerId: number, projectId: number, event: EventBody, source = 'api:personal'): Promise<string> {
    const message = eventMessage(String(projectId), event, { designerId, source });
    await this.bus.publish([message]);
    return message.headers?.['event-id'] ?? '';
  }

  /** Publishes an auth event (a revocation) as auth's outbox would. */
  async publishAuthEvent(designerId: number, event: EventBody): Promise<void> {
    await this.bus.publish([eventMessage(String(designerId), event, { designerId, source: 'api:personal' })]);
  }

  /** Publishes exact bytes again (a redelivery). */
  republish(messages: Parameters<EventBus['publish']>[0]): Promise<void> {
    return this.bus.publish(messages);
  }

  get catalogTopics(): string[] {
    return [Topics.componentsChanged, Topics.projectUpdated];
  }
}
