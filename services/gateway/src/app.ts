import { createServiceApps, type EventBus, type HttpMetrics, type Logger, type ReadinessCheck, type ServiceApps, type ServiceName } from '@boardsync/kit/core';
import { apiGateway } from './http/api.ts';
import { authPages } from './http/auth-pages.ts';
import { canonicalPath } from './http/canonical-path.ts';
import { clientOrigin } from './http/client-origin.ts';
import { storedFiles } from './http/stored-files.ts';
import type { Introspector } from './introspection/introspector.ts';
import type { UpstreamProxy } from './proxy/proxy.ts';
import type { AuthFailureBudget } from './rate-limit/auth-failure-budget.ts';
import type { ApiRateLimiter } from './rate-limit/limiter.ts';

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
  readiness?: Record<string, ReadinessCheck>;
  /** `ASSET_FILES_DIR`: served at `/assets/<key>` (embedded mode); absent, no such route. */
  assetFilesDir?: string | undefined;
}

/**
 * The single ingress. Bodies are never parsed here: they stream through to the owning service.
 * The internal listener serves only `/metrics` and readiness detail.
 */
export function createApp(deps: GatewayDependencies): ServiceApps {
  const apps = createServiceApps({
    service: 'gateway',
    logger: deps.logger,
    metrics: deps.metrics,
    jsonLimit: false,
    readiness: { ...deps.readiness },
    observed: { bus: () => deps.bus.ping() },
    // Before the probes too: no request target is answered, whatever its path, unless it is canonical.
    guard: canonicalPath(),
  });
  const app = apps.public;
  app.use(clientOrigin(deps.trustedProxies));
  // Public files, like a CDN's: after the path guard, before anything that authenticates or counts.
  if (deps.assetFilesDir !== undefined) app.use(storedFiles(deps.assetFilesDir));
  app.use(authPages(deps.proxy, deps.authUrl));
  app.use(
    apiGateway({
      introspector: deps.introspector,
      limiter: deps.limiter,
      authFailures: deps.authFailures,
      proxy: deps.proxy,
      upstreams: deps.upstreams,
      principalSecret: deps.principalSecret,
    }),
  );
  return apps;
}
