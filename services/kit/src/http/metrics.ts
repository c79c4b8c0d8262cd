import type { Middleware } from 'koa';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric's name starts with this; the services' own name theirs with it too. */
export const METRIC_PREFIX = 'boardsync_';
/** The label naming the service that serves a series. */
export const SERVICE_LABEL = 'boardsync_service';

export interface HttpMetrics {
  readonly registry: Registry;
  readonly middleware: Middleware;
}

/**
 * A registry of its own per service (several services share one process in the embedded mode)
 * with the request-duration histogram labelled by route template, never by raw path: koa-router's
 * match, or `ctx.state.route` for a service that routes by its own table (the gateway).
 */
export function createHttpMetrics(service: string): HttpMetrics {
  const registry = new Registry();
  // Named apart from other exporters' metrics and from the labels the Prometheus Operator gives targets (`service`, `pod`, `job` …).
  registry.setDefaultLabels({ [SERVICE_LABEL]: service });
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const duration = new Histogram({
    name: 'boardsync_http_request_duration_seconds',
    help: 'HTTP request duration by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const middleware: Middleware = async (ctx, next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      const route: unknown = ctx.state.route ?? (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      end({ method: ctx.method, route: typeof route === 'string' ? route : 'unmatched', status: String(ctx.status) });
    }
  };
  return { registry, middleware };
}
