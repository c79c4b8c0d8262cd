import type Koa from 'koa';
import { createServiceApp, type EventBus, type Logger, type ReadinessCheck, type ServiceName } from '@boardsync/kit';
import { apiGateway } from './http/api.ts';
import { authPages } from './http/auth-pages.ts';
import { canonicalPath } from './http/canonical-path.ts';
import { clientOrigin } from './http/client-origin.ts';
import type { Introspector } from './introspection/introspector.ts';
import type { UpstreamProxy } from './proxy/proxy.ts';
import type { ApiRateLimiter } from './rate-limit/limiter.ts';

export interface GatewayDependencies {
  logger: Logger;
  bus: EventBus;
  introspector: Introspector;
  limiter: ApiRateLimiter;
  proxy: UpstreamProxy;
  authUrl: string;
  upstreams: Partial<Record<ServiceName, string>>;
  principalSecret: string;
  /** `TRUSTED_PROXIES`: the hops whose X-Forwarded-For and X-Forwarded-Proto are believed; none by default. */
  trustedProxies?: readonly string[];
  readiness?: Record<string, ReadinessCheck>;
}

/** The single ingress. Bodies are never parsed here: they stream through to the owning service. */
export function createApp(deps: GatewayDependencies): Koa {
  const app = createServiceApp({
    service: 'gateway',
    logger: deps.logger,
    jsonLimit: false,
    readiness: { bus: () => deps.bus.ping(), ...deps.readiness },
  });
  app.use(canonicalPath());
  app.use(clientOrigin(deps.trustedProxies));
  app.use(authPages(deps.proxy, deps.authUrl));
  app.use(apiGateway({ introspector: deps.introspector, limiter: deps.limiter, proxy: deps.proxy, upstreams: deps.upstreams, principalSecret: deps.principalSecret }));
  return app;
}
