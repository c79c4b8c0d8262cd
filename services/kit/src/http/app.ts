import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from '../logger.ts';
import { accessLog } from './access-log.ts';
import { health, liveness, type ReadinessCheck } from './health.ts';
import { createHttpMetrics, type HttpMetrics } from './metrics.ts';
import { problemResponder } from './problem-responder.ts';
import { requestId } from './request-id.ts';
import type { AheadOfApp } from './serve.ts';

export interface ServiceAppOptions {
  service: string;
  logger: Logger;
  /** What the service cannot serve without: a failure takes the pod out of the load balancer (`/readyz` 503). */
  readiness?: Record<string, ReadinessCheck>;
  /** Reported on `/readyz` (`degraded`) without gating it: see HealthOptions.observed. */
  observed?: Record<string, ReadinessCheck>;
  /** JSON body limit (bytes or a size string like '1mb'); `false` leaves bodies unread (proxies, uploads). */
  jsonLimit?: string | number | false;
  /** Also parse `application/x-www-form-urlencoded` bodies up to this size (OAuth endpoints). */
  formLimit?: string | number;
  /** The service's metrics; one is made when absent. */
  metrics?: HttpMetrics;
  /** Runs on every public request before anything reads its path, probes included (the gateway's canonical-path check). */
  guard?: Koa.Middleware;
}

/** A service's two listeners: the public one (what the gateway proxies to) and the internal one. */
export interface ServiceApps {
  /** API routes; `/healthz` and a bare `/readyz` for load balancers. */
  public: Koa;
  /**
   * Never proxied and bound to loopback (or cluster-only) by default: admin API, `/internal/*`,
   * introspection, `/metrics`, and `/readyz` naming each failed dependency.
   */
  internal: Koa;
  /** `/metrics` (and `/healthz`) alone, for a scraper that must reach nothing else (`METRICS_PORT`). */
  scrape: Koa;
  metrics: HttpMetrics;
  /** Tried before `public` on each of its requests (the gateway's API path without Koa); `public` serves what it declines. */
  ahead?: AheadOfApp;
  /** The public listener is where outside requests arrive (the gateway's): a caller's trace headers are not continued (telemetry/public-edge.ts). */
  publicEdge?: boolean;
}

/**
 * The public Koa app every service starts from: request id, access log, problem answers, metrics,
 * health and readiness (no detail), JSON bodies. The service adds its routes with `app.use`.
 */
export function createServiceApp(options: ServiceAppOptions): Koa {
  const { service, logger, readiness = {}, observed = {}, jsonLimit = '1mb', formLimit } = options;
  const metrics = options.metrics ?? createHttpMetrics(service);
  const app = base(logger);
  app.use(metrics.middleware);
  app.use(problemResponder(logger));
  if (options.guard) app.use(options.guard);
  app.use(health(readiness, { detail: false, observed }));
  if (jsonLimit !== false) app.use(bodyParser(jsonLimit, formLimit));
  return app;
}

/** The internal listener's app: detailed readiness, `/metrics`, JSON bodies up to 1 MB (admin APIs), forms up to 16 kB (introspection). */
export function createInternalApp(options: Pick<ServiceAppOptions, 'logger' | 'readiness' | 'observed'> & { metrics: HttpMetrics }): Koa {
  const { logger, metrics, readiness = {}, observed = {} } = options;
  const app = base(logger);
  app.use(problemResponder(logger));
  app.use(health(readiness, { detail: true, observed }));
  app.use(metricsEndpoint(metrics));
  app.use(bodyParser('1mb', '16kb'));
  return app;
}

/**
 * The scrape listener's app: `/metrics` and `/healthz`; anything else is 404, so a scraper's network
 * access reaches no admin API. No `/readyz`: without the service's checks it could only ever say ok,
 * and a probe pointed at this port by mistake would then never take a broken pod out of service.
 */
export function createScrapeApp(options: { logger: Logger; metrics: HttpMetrics }): Koa {
  const app = base(options.logger);
  app.use(problemResponder(options.logger));
  app.use(liveness());
  app.use(metricsEndpoint(options.metrics));
  return app;
}

function metricsEndpoint(metrics: HttpMetrics): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/metrics') {
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
      return;
    }
    await next();
  };
}

/** Both listeners' apps, sharing one metrics registry and one set of readiness checks. */
export function createServiceApps(options: ServiceAppOptions): ServiceApps {
  const metrics = options.metrics ?? createHttpMetrics(options.service);
  return {
    public: createServiceApp({ ...options, metrics }),
    internal: createInternalApp({ logger: options.logger, metrics, readiness: options.readiness ?? {}, observed: options.observed ?? {} }),
    scrape: createScrapeApp({ logger: options.logger, metrics }),
    metrics,
  };
}

function base(logger: Logger): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by the problem responder, once
  app.use(requestId());
  app.use(accessLog(logger));
  return app;
}

/** JSON (and, with `formLimit`, form) bodies up to the limit, else 413; for a service that sets `jsonLimit: false` and limits per route. */
export function bodyParser(jsonLimit: string | number, formLimit?: string | number): Koa.Middleware {
  return koaBody({
    jsonLimit,
    text: false,
    urlencoded: formLimit !== undefined,
    ...(formLimit !== undefined ? { formLimit } : {}),
    multipart: false,
    jsonStrict: true,
    // DELETE too: the asset delete (docs/rules.md "Assets") carries its key in a JSON body.
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError: (error) => {
      throw error;
    },
  });
}
