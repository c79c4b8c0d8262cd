import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import {
  createHttpMetrics,
  BackgroundSubscriptions,
  INTERNAL_PRINCIPAL_HEADER,
  KafkaBus,
  OutboxRelay,
  openDatabase,
  serve,
  verifyPrincipalToken,
  type Database,
  type EventBus,
  type Principal,
  type RunningServer,
} from '@boardsync/kit';
import { createTestDatabase, eventually, freePort, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { createApp as createAuthApp, entities, migrations } from '@boardsync/auth';
import { createApp as createGatewayApp } from '../../src/service.ts';
import { planChangeConsumer } from '../../src/events/plan-changes.ts';
import { revocationConsumer } from '../../src/events/revocations.ts';
import { Introspector } from '../../src/introspection/introspector.ts';
import { HeldRequests } from '../../src/proxy/held-requests.ts';
import { UpstreamProxy } from '../../src/proxy/proxy.ts';
import { AuthFailureBudget } from '../../src/rate-limit/auth-failure-budget.ts';
import { RateLimitFallback } from '../../src/rate-limit/fallback.ts';
import { ApiRateLimiter, type RateLimits } from '../../src/rate-limit/limiter.ts';
import { RateLimitRefusals } from '../../src/rate-limit/refusals.ts';

export const ADMIN_TOKEN = 'admin-'.padEnd(40, 'a');
export const PRINCIPAL_SECRET = 'principal-'.padEnd(40, 'p');
const INTROSPECTION = { id: 'gateway', secret: 'introspect-'.padEnd(40, 'i') };
const logger = testLogger('gateway');

/** What a stand-in service saw of one proxied request. */
export interface Seen {
  method: string;
  url: string;
  principal: Principal | null;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
}

/**
 * Real auth (Postgres, Kafka, outbox), real Redis, gateways under test, and a stand-in HTTP
 * service for the routes whose owners do not exist yet: it verifies the principal and reports.
 */
export class GatewayWorld {
  readonly namespace = uniqueName('gw');
  private database!: Awaited<ReturnType<typeof createTestDatabase>>;
  private orm!: Database;
  private relay!: OutboxRelay;
  private readonly closers: (() => Promise<unknown>)[] = [];
  auth!: RunningServer;
  /** Auth's internal listener: admin API and introspection, never reached through the gateway. */
  authInternal!: RunningServer;
  service!: { server: Server; url: string; seen: Seen[]; delayMs: number };
  /** The port of the gateway auth names as its issuer (PUBLIC_BASE_URL); `onPublicPort` puts a replica there. */
  publicPort = 0;

  async start(): Promise<void> {
    this.publicPort = await freePort();
    this.database = await createTestDatabase('gateway');
    this.orm = await openDatabase({ url: this.database.url, entities, migrations, logger });
    // No topic is created here: the producers and consumers under test must create what they use.
    const authBus = this.bus('auth');
    this.relay = new OutboxRelay({ orm: this.orm, bus: authBus, logger, pollIntervalMs: 100 });
    this.relay.start();
    const authApps = createAuthApp({
      orm: this.orm,
      bus: authBus,
      logger,
      config: {
        ADMIN_TOKEN,
        INTROSPECTION_CLIENT_ID: INTROSPECTION.id,
        INTROSPECTION_CLIENT_SECRET: INTROSPECTION.secret,
        INTERNAL_JWT_SECRET: PRINCIPAL_SECRET,
        SESSION_SECRET: 'session-'.padEnd(40, 's'),
        CATALOG_INTERNAL_URL: undefined,
        ASSET_INTERNAL_URL: undefined,
        WEBHOOK_INTERNAL_URL: undefined,
        DEFAULT_STORAGE_LIMIT_BYTES: 1_000_000,
        DEFAULT_UNLOCKED_PROJECT_LIMIT: 2,
        MAX_APPS_PER_DESIGNER: 25,
        PUBLIC_BASE_URL: `http://127.0.0.1:${String(this.publicPort)}`,
      },
    });
    this.auth = await serve(authApps.public, { port: 0 });
    this.authInternal = await serve(authApps.internal, { port: 0 });
    this.closers.push(
      () => this.auth.close(),
      () => this.authInternal.close(),
      () => this.relay.close(),
    );
    this.service = await startStandIn();
    this.closers.push(
      () =>
        new Promise((resolve) => {
          this.service.server.closeAllConnections();
          this.service.server.close(resolve);
        }),
    );
  }

  /**
   * A gateway process: its own bus client and revocation consumer, a shared Redis counter. By
   * default every /api/v1 route goes to the stand-in; `realAuth` sends auth's own (/me) to auth.
   */
  async gateway(limits?: RateLimits, options: GatewayOptions = {}): Promise<string> {
    return (await this.gatewayReplica(limits, options)).url;
  }

  /**
   * A gateway replica and the parts tests look into. It returns once its consumers (revocations,
   * plan changes; groups named by `replicaId`, unique by default) have joined, since they hear
   * only what is published after.
   */
  async gatewayReplica(limits: RateLimits = { readsPerMinute: 100_000, writesPerMinute: 100_000 }, options: GatewayOptions = {}): Promise<TestGateway> {
    const bus = watchJoins(this.bus('gateway'));
    const redis = options.redis ?? new Redis(infra.redisUrl);
    if (!options.redis) this.closers.push(() => redis.quit());
    const gatewayLogger = testLogger('gateway');
    const introspector = new Introspector({
      authUrl: options.authUrl ?? this.authInternal.url,
      clientId: INTROSPECTION.id,
      clientSecret: INTROSPECTION.secret,
      ...(options.cacheTtlMs === undefined ? {} : { cacheTtlMs: options.cacheTtlMs }),
    });
    const replicaId = options.replicaId ?? uniqueName('replica');
    const heldRequests = new HeldRequests();
    const subscriptions = [
      revocationConsumer(introspector, heldRequests, replicaId),
      ...(options.hearsPlanChanges === false ? [] : [planChangeConsumer(introspector, replicaId)]),
    ];
    const consumers = new BackgroundSubscriptions(bus, subscriptions, gatewayLogger);
    const metrics = createHttpMetrics('gateway');
    const fallback = new RateLimitFallback(gatewayLogger, metrics.registry);
    const counters = { redis, keyPrefix: this.namespace, fallback };
    const refusals = new RateLimitRefusals(metrics.registry);
    const proxy = new UpstreamProxy({
      timeoutMs: options.timeoutMs ?? 5_000,
      heldTimeoutMs: 90_000,
      heldConnections: 1_000,
      logger: gatewayLogger,
      registry: metrics.registry,
      heldRequests,
    });
    const upstream = options.upstream ?? this.service.url;
    const app = createGatewayApp({
      logger: gatewayLogger,
      metrics,
      bus,
      introspector,
      proxy,
      limiter: new ApiRateLimiter(limits, counters, refusals),
      authFailures: new AuthFailureBudget(options.authFailuresPerMinute ?? 30, counters, refusals),
      authUrl: options.pagesUrl ?? this.auth.url,
      upstreams: { auth: options.realAuth ? this.auth.url : upstream, catalog: upstream, asset: upstream, webhook: upstream },
      principalSecret: PRINCIPAL_SECRET,
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
      ...(options.corsAllowedOrigins ? { corsAllowedOrigins: options.corsAllowedOrigins } : {}),
      ...(options.assetFilesDir === undefined ? {} : { assetFilesDir: options.assetFilesDir }),
    });
    const server = await serve(app.public, { port: options.onPublicPort ? this.publicPort : 0, ahead: app.ahead });
    this.closers.push(
      () => server.close(),
      () => consumers.close(),
      () => proxy.close(),
    );
    await eventually(() => (bus.joined.size === subscriptions.length ? true : undefined), 60_000, 'the gateway consumers to join');
    return { url: server.url, server: server.server, introspector, fallback, logger: gatewayLogger, replicaId, metrics: metrics.registry };
  }

  async designer(): Promise<number> {
    const response = await this.admin('POST', '/designers', { name: 'D', email: `${uniqueName('d')}@example.com`, password: 'password1' });
    return ((await response.json()) as { id: number }).id;
  }

  async token(designerId: number, scopes: string[]): Promise<{ id: number; token: string }> {
    const response = await this.admin('POST', '/tokens', { designer_id: designerId, scopes });
    return (await response.json()) as { id: number; token: string };
  }

  admin(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.authInternal.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async stop(): Promise<void> {
    for (const close of this.closers.reverse()) await close();
    await this.orm.close();
    await this.database.drop();
  }

  private bus(clientId: string): KafkaBus {
    const bus = new KafkaBus({ brokers: infra.kafkaBrokers, clientId, logger, namespace: this.namespace });
    this.closers.push(() => bus.close());
    return bus;
  }
}

export interface GatewayOptions {
  timeoutMs?: number;
  upstream?: string;
  authUrl?: string;
  realAuth?: boolean;
  /** A client of the test's own (a dead port, one it disconnects); the test closes it. */
  redis?: Redis;
  replicaId?: string;
  authFailuresPerMinute?: number;
  cacheTtlMs?: number;
  /** Where the auth pages go; real auth by default (the stand-in, to see what would reach auth). */
  pagesUrl?: string;
  trustedProxies?: string[];
  /** `ASSET_FILES_DIR`: the directory served at /assets/<key>; none by default. */
  assetFilesDir?: string;
  /** `CORS_ALLOWED_ORIGINS`. */
  corsAllowedOrigins?: string[];
  /** Listen on the world's public port, the origin auth's OAuth metadata names (one replica at a time). */
  onPublicPort?: boolean;
  /** false: the replica never hears auth.designer.plan-changed (to see what holds without the event). */
  hearsPlanChanges?: boolean;
}

export interface TestGateway {
  url: string;
  /** The public listener, to see its connections from the server's side. */
  server: Server;
  introspector: Introspector;
  fallback: RateLimitFallback;
  logger: ReturnType<typeof testLogger>;
  replicaId: string;
  /** The gateway's metrics registry (boardsync_gateway_proxy_aborts_total among them). */
  metrics: Registry;
}

/** The bus as it is, noting each group that has joined. */
function watchJoins(bus: EventBus): EventBus & { joined: Set<string> } {
  const joined = new Set<string>();
  return {
    joined,
    publish: (messages) => bus.publish(messages),
    subscribe: async (options) => {
      const subscription = await bus.subscribe(options);
      joined.add(options.groupId);
      return subscription;
    },
    ensureTopics: (topics) => bus.ensureTopics(topics),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}

async function startStandIn(): Promise<GatewayWorld['service']> {
  const seen: Seen[] = [];
  const state = { delayMs: 0 };
  const server = createServer((request: IncomingMessage, response) => {
    let bodyBytes = 0;
    request.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on('end', () => {
      void (async () => {
        const token = request.headers[INTERNAL_PRINCIPAL_HEADER.toLowerCase()];
        const principal = typeof token === 'string' ? await verifyPrincipalToken(token, PRINCIPAL_SECRET).catch(() => null) : null;
        seen.push({ method: request.method ?? '', url: request.url ?? '', principal, headers: request.headers, bodyBytes });
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        response.writeHead(200, { 'content-type': 'application/json', 'x-served-by': 'stand-in', connection: 'keep-alive' });
        response.end(JSON.stringify({ ok: true, bodyBytes }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const service = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
  };
  return service;
}
