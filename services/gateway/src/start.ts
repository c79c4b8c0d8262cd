import { Redis } from 'ioredis';
import { InProcessBus, KafkaBus, serve, type Closable, type EventBus, type Logger } from '@boardsync/kit';
import { createApp } from './app.ts';
import type { GatewayConfig } from './config.ts';
import { evictOnRevocation } from './events/revocations.ts';
import { Introspector } from './introspection/introspector.ts';
import { UpstreamProxy } from './proxy/proxy.ts';
import { ApiRateLimiter } from './rate-limit/limiter.ts';

export interface RunningGateway {
  url: string;
  /** In shutdown order. A bus passed in is not among them: its owner closes it. */
  parts: Closable[];
}

/** Wires the gateway from validated config: introspection, revocation consumer, limits, proxy. */
export async function startGateway(config: GatewayConfig, logger: Logger, shared: { bus?: EventBus } = {}): Promise<RunningGateway> {
  const bus: EventBus =
    shared.bus ?? (config.KAFKA_BROKERS.length > 0 ? new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', logger, namespace: config.KAFKA_NAMESPACE }) : new InProcessBus({ logger }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false }) : undefined;
  const introspector = new Introspector({
    authUrl: config.AUTH_URL,
    clientId: config.INTROSPECTION_CLIENT_ID,
    clientSecret: config.INTROSPECTION_CLIENT_SECRET,
    cacheTtlMs: config.INTROSPECTION_CACHE_SECONDS * 1000,
  });
  const revocations = await evictOnRevocation(bus, introspector);
  const proxy = new UpstreamProxy({ timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger });
  const app = createApp({
    logger,
    bus,
    introspector,
    proxy,
    limiter: new ApiRateLimiter({ readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE, writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE }, redis),
    authUrl: config.AUTH_URL,
    upstreams: {
      auth: config.AUTH_URL,
      ...(config.CATALOG_URL ? { catalog: config.CATALOG_URL } : {}),
      ...(config.ASSET_URL ? { asset: config.ASSET_URL } : {}),
      ...(config.WEBHOOK_URL ? { webhook: config.WEBHOOK_URL } : {}),
    },
    principalSecret: config.INTERNAL_JWT_SECRET,
    trustedProxies: config.TRUSTED_PROXIES,
    readiness: redis ? { redis: async () => { await redis.ping(); } } : {},
  });
  const server = await serve(app, { host: config.HOST, port: config.PORT });
  logger.info({ url: server.url }, 'gateway listening');
  return {
    url: server.url,
    parts: [
      { name: 'gateway http', close: () => server.close() },
      { name: 'gateway revocation consumer', close: () => revocations.close() },
      ...(shared.bus ? [] : [{ name: 'gateway bus', close: () => bus.close() }]),
      { name: 'gateway upstream pool', close: () => proxy.close() },
      ...(redis ? [{ name: 'gateway redis', close: async () => { await redis.quit(); } }] : []),
    ],
  };
}
