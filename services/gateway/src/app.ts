import type Koa from 'koa';
import { createServiceApp, type EventBus, type Logger, type ReadinessCheck, type ServiceName } from '@boardsync/kit';
import { apiGateway } from './http/api.ts';
import { authPassthrough } from './http/oauth.ts';
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
  app.use(authPassthrough(deps.proxy, deps.authUrl));
  app.use(apiGateway({ introspector: deps.introspector, limiter: deps.limiter, proxy: deps.proxy, upstreams: deps.upstreams, principalSecret: deps.principalSecret }));
  return app;
}
