import type { Redis } from 'ioredis';
import {
  BackgroundSubscriptions,
  Topics,
  createHttpMetrics,
  requireDeclaredTopics,
  serveListeners,
  type Closable,
  type EventBus,
  type Logger,
  type ServiceDefinition,
} from '@boardsync/kit/core';
import { createApp } from './app.ts';
import type { GatewaySettings } from './config.ts';
import { planChangeConsumer } from './events/plan-changes.ts';
import { replicaIdentity } from './events/replica-id.ts';
import { revocationConsumer } from './events/revocations.ts';
import { Introspector } from './introspection/introspector.ts';
import { UpstreamProxy } from './proxy/proxy.ts';
import { AuthFailureBudget } from './rate-limit/auth-failure-budget.ts';
import { RateLimitFallback } from './rate-limit/fallback.ts';
import { ApiRateLimiter } from './rate-limit/limiter.ts';

/** What the running gateway and its one-shot command (`node src/main.ts create-topics`) share: it owns no database, and only consumes. */
export const gatewayService = {
  service: 'gateway',
  consumes: [Topics.tokenRevoked, Topics.designerPlanChanged],
} satisfies ServiceDefinition;

export interface RunningGateway {
  url: string;
  internalUrl: string;
  /** In shutdown order. A bus passed in is not among them: its owner closes it. */
  parts: Closable[];
}

export interface GatewayAdapters {
  bus: EventBus;
  /** False when the bus is shared (embedded mode): its owner closes it. */
  ownsBus: boolean;
  /** Shared rate-limit counters; absent (embedded mode), the process counts alone. */
  redis?: Redis | undefined;
}

/** Wires the gateway from validated settings and its adapters: introspection, revocation consumer, limits, proxy. */
export async function startGateway(config: GatewaySettings, logger: Logger, adapters: GatewayAdapters): Promise<RunningGateway> {
  const { bus, redis } = adapters;
  logger.info({ bus: bus.constructor.name, rateLimits: redis ? 'redis' : 'memory', storedFiles: config.ASSET_FILES_DIR ?? null }, 'gateway adapters');
  const introspector = new Introspector({
    authUrl: config.AUTH_INTERNAL_URL,
    clientId: config.INTROSPECTION_CLIENT_ID,
    clientSecret: config.INTROSPECTION_CLIENT_SECRET,
    cacheTtlMs: config.INTROSPECTION_CACHE_SECONDS * 1000,
    negativeCacheTtlMs: config.INTROSPECTION_NEGATIVE_CACHE_SECONDS * 1000,
  });
  // Joined in the background: a broker that is away (or a topic not there yet) never holds up the start.
  const replicaId = replicaIdentity(config.REPLICA_ID);
  const subscriptions = [revocationConsumer(introspector, replicaId), planChangeConsumer(introspector, replicaId)];
  requireDeclaredTopics('gateway', subscriptions, gatewayService.consumes);
  const consumers = new BackgroundSubscriptions(bus, subscriptions, logger);
  const metrics = createHttpMetrics('gateway');
  const counters = { redis, namespace: config.REDIS_KEY_PREFIX, fallback: new RateLimitFallback(logger, metrics.registry) };
  const proxy = new UpstreamProxy({ timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger, registry: metrics.registry });
  const apps = createApp({
    logger,
    metrics,
    bus,
    introspector,
    proxy,
    limiter: new ApiRateLimiter({ readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE, writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE }, counters),
    authFailures: new AuthFailureBudget(config.RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE, counters),
    authUrl: config.AUTH_URL,
    upstreams: {
      auth: config.AUTH_URL,
      ...(config.CATALOG_URL ? { catalog: config.CATALOG_URL } : {}),
      ...(config.ASSET_URL ? { asset: config.ASSET_URL } : {}),
      ...(config.WEBHOOK_URL ? { webhook: config.WEBHOOK_URL } : {}),
    },
    principalSecret: config.INTERNAL_JWT_SECRET,
    trustedProxies: config.TRUSTED_PROXIES,
    assetFilesDir: config.ASSET_FILES_DIR,
    // Redis is no readiness dependency: without it each replica counts in memory (README, "Redis down").
  });
  const listening = await serveListeners('gateway', apps, config, logger);
  return {
    url: listening.url,
    internalUrl: listening.internalUrl,
    parts: [
      ...listening.parts,
      { name: 'gateway consumers', close: () => consumers.close() },
      ...(adapters.ownsBus ? [{ name: 'gateway bus', close: () => bus.close() }] : []),
      { name: 'gateway upstream pool', close: () => proxy.close() },
    ],
  };
}
