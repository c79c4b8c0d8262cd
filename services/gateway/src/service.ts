import type { Redis } from 'ioredis';
import {
  Topics,
  createHttpMetrics,
  createServiceApps,
  startService,
  type EventBus,
  type HttpMetrics,
  type Logger,
  type ReadinessCheck,
  type RunningService,
  type ServiceApps,
  type ServiceDefinition,
  type ServiceName,
} from '@boardsync/kit/core';
import type { GatewaySettings } from './config.ts';
import { planChangeConsumer } from './events/plan-changes.ts';
import { replicaIdentity } from './events/replica-id.ts';
import { revocationConsumer } from './events/revocations.ts';
import { apiGateway } from './http/api.ts';
import { fastApi } from './http/fast-api.ts';
import { authPages } from './http/auth-pages.ts';
import { contractDocs } from './http/contract-docs.ts';
import { clientOriginResolver } from './request/client-origin.ts';
import { requestEdge } from './request/edge.ts';
import { publicRoutes } from './http/public-routes.ts';
import { storedFiles } from './http/stored-files.ts';
import { Introspector } from './introspection/introspector.ts';
import { HeldRequests } from './proxy/held-requests.ts';
import { UpstreamProxy } from './proxy/proxy.ts';
import { AuthFailureBudget } from './rate-limit/auth-failure-budget.ts';
import { RateLimitFallback } from './rate-limit/fallback.ts';
import { ApiRateLimiter } from './rate-limit/limiter.ts';
import { RateLimitRefusals } from './rate-limit/refusals.ts';
import { crossOrigin } from './http/cors.ts';
import { ApiAdmission } from './use-cases/admit-api-request.ts';

/** For the contract (scripts/contract/generate.ts), generated into the document the gateway serves. */
export { DOCUMENTED_ORIGIN, DOCUMENT_FILE, VIEWER_FILE } from './http/contract-docs.ts';
export { AUTH_PAGES } from './http/auth-pages.ts';

/** What the running gateway and its one-shot command (`node src/main.ts create-topics`) share: it owns no database, and only consumes. */
export const gatewayService = {
  service: 'gateway',
  consumes: [Topics.tokenRevoked, Topics.designerPlanChanged],
} satisfies ServiceDefinition;

export interface GatewayDependencies {
  logger: Logger;
  /** Made before the proxy and the limiters, which count into it (`createHttpMetrics('gateway')`). */
  metrics: HttpMetrics;
  bus: EventBus;
  introspector: Introspector;
  limiter: ApiRateLimiter;
  authFailures: AuthFailureBudget;
  proxy: UpstreamProxy;
  authUrl: string;
  upstreams: Partial<Record<ServiceName, string>>;
  principalSecret: string;
  /** `TRUSTED_PROXIES`: the hops whose X-Forwarded-For and X-Forwarded-Proto are believed; none by default. */
  trustedProxies?: readonly string[];
  /** `CORS_ALLOWED_ORIGINS`: origins whose pages may call the API; none (CORS off) by default. */
  corsAllowedOrigins?: readonly string[];
  readiness?: Record<string, ReadinessCheck>;
  /** `ASSET_FILES_DIR`: served at `/assets/<key>` (embedded mode); absent, no such route. */
  assetFilesDir?: string | undefined;
  /** `PUBLIC_BASE_URL`: the origin `/openapi.json` names; absent, the committed document's (`npm start`'s). */
  publicBaseUrl?: string | undefined;
}

/**
 * The single ingress, in the order a request meets it. Bodies are never parsed here: they stream
 * through to the owning service. The internal listener serves only `/metrics` and readiness detail.
 */
export function createApp(deps: GatewayDependencies): ServiceApps {
  const apps = createServiceApps({
    service: 'gateway',
    logger: deps.logger,
    metrics: deps.metrics,
    jsonLimit: false,
    // Redis is no readiness dependency: without it each replica counts in memory (README, "Redis down").
    readiness: { ...deps.readiness },
    observed: { bus: () => deps.bus.ping() },
    // Before the probes too: every request's target checked, every own answer's unread body bounded.
    guard: requestEdge(),
  });
  const { introspector, limiter, authFailures, proxy, upstreams, principalSecret } = deps;
  const admission = new ApiAdmission({ introspector, limiter, authFailures, upstreams, principalSecret });
  apps.public.use(
    publicRoutes({
      trustedProxies: deps.trustedProxies,
      crossOrigin: crossOrigin(deps.corsAllowedOrigins ?? []),
      api: apiGateway(admission, proxy),
      // Public files, like a CDN's: after the path guard, before anything that authenticates or counts.
      pages: [
        ...(deps.assetFilesDir === undefined ? [] : [storedFiles(deps.assetFilesDir)]),
        contractDocs(deps.publicBaseUrl),
        authPages(deps.proxy, deps.authUrl),
      ],
    }),
  );
  // The API's common case is served ahead of Koa (http/fast-api.ts); everything else, Koa serves.
  const ahead = fastApi({
    admission,
    proxy,
    clientOrigin: clientOriginResolver(deps.trustedProxies),
    logger: deps.logger,
    metrics: deps.metrics,
    corsEnabled: (deps.corsAllowedOrigins ?? []).length > 0,
  });
  return { ...apps, ahead, publicEdge: true };
}

export interface GatewayAdapters {
  bus: EventBus;
  /** False when the bus is shared (embedded mode): its owner closes it. */
  ownsBus: boolean;
  /** Shared rate-limit counters; absent (embedded mode), the process counts alone. Its owner closes it. */
  redis?: Redis | undefined;
}

/** The gateway from validated settings and its adapters: introspection and the consumers that purge it, limits, proxy. */
export function startGateway(config: GatewaySettings, logger: Logger, adapters: GatewayAdapters): Promise<RunningService> {
  const { bus, redis } = adapters;
  logger.info({ bus: bus.constructor.name, rateLimits: redis ? 'redis' : 'memory', storedFiles: config.ASSET_FILES_DIR ?? null }, 'gateway adapters');
  const introspector = new Introspector({
    authUrl: config.AUTH_INTERNAL_URL,
    clientId: config.INTROSPECTION_CLIENT_ID,
    clientSecret: config.INTROSPECTION_CLIENT_SECRET,
    cacheTtlMs: config.INTROSPECTION_CACHE_SECONDS * 1000,
    negativeCacheTtlMs: config.INTROSPECTION_NEGATIVE_CACHE_SECONDS * 1000,
  });
  const metrics = createHttpMetrics('gateway');
  const counters = { redis, keyPrefix: config.REDIS_KEY_PREFIX, fallback: new RateLimitFallback(logger, metrics.registry) };
  const refusals = new RateLimitRefusals(metrics.registry);
  const heldRequests = new HeldRequests();
  const proxy = new UpstreamProxy({
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    heldTimeoutMs: config.HELD_REQUEST_TIMEOUT_MS,
    heldConnections: config.HELD_REQUEST_MAX_CONNECTIONS,
    logger,
    registry: metrics.registry,
    heldRequests,
  });
  const replicaId = replicaIdentity(config.REPLICA_ID);
  const limiter = new ApiRateLimiter(
    {
      readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE,
      writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
      localBatch: config.RATE_LIMIT_LOCAL_BATCH,
    },
    counters,
    refusals,
  );
  const { CATALOG_URL: catalog, ASSET_URL: asset, WEBHOOK_URL: webhook } = config;
  return startService({
    ...gatewayService,
    config,
    logger,
    bus,
    ownsBus: adapters.ownsBus,
    parts: {
      apps: createApp({
        logger,
        metrics,
        bus,
        introspector,
        proxy,
        limiter,
        authFailures: new AuthFailureBudget(config.RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE, counters, refusals),
        authUrl: config.AUTH_URL,
        upstreams: { auth: config.AUTH_URL, ...(catalog ? { catalog } : {}), ...(asset ? { asset } : {}), ...(webhook ? { webhook } : {}) },
        principalSecret: config.INTERNAL_JWT_SECRET,
        trustedProxies: config.TRUSTED_PROXIES,
        corsAllowedOrigins: config.CORS_ALLOWED_ORIGINS,
        assetFilesDir: config.ASSET_FILES_DIR,
        publicBaseUrl: config.PUBLIC_BASE_URL,
      }),
      // Joined in the background: a broker that is away (or a topic not there yet) never holds up the start.
      consumers: [revocationConsumer(introspector, heldRequests, replicaId), planChangeConsumer(introspector, replicaId)],
      resources: [
        { name: 'gateway upstream pool', close: () => proxy.close() },
        // Before the Redis client is quit (its owner closes it after the service's parts).
        { name: 'gateway rate-limit counts', close: () => limiter.close() },
      ],
    },
  });
}
