import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Histogram } from 'prom-client';
import {
  API_PREFIX,
  INTERNAL_PRINCIPAL_HEADER,
  REQUEST_ID_HEADER,
  isRead,
  issuePrincipalToken,
  matchRoute,
  nameServerSpan,
  requireScope,
  runWithRequestContext,
  type HttpMetrics,
  type Logger,
  type ServiceName,
} from '@boardsync/kit/core';
import type { Introspector } from '../introspection/introspector.ts';
import { gatewayHeaders, type Opened, type UpstreamProxy } from '../proxy/proxy.ts';
import { HOP_BY_HOP } from '../proxy/forwarded-headers.ts';
import type { ApiRateLimiter, RateDecision } from '../rate-limit/limiter.ts';
import { parseRequestTarget, upstreamPathOf, type RequestTarget } from '../request/canonical-path.ts';
import type { ClientOrigin } from '../request/client-origin.ts';
import { bearerToken, handOver, rateLimitHeaders, type KoaHandler } from './api.ts';

export interface FastApiDependencies {
  introspector: Introspector;
  limiter: ApiRateLimiter;
  proxy: UpstreamProxy;
  upstreams: Partial<Record<ServiceName, string>>;
  principalSecret: string;
  clientOrigin: (req: IncomingMessage) => ClientOrigin;
  logger: Logger;
  metrics: HttpMetrics;
  /** CORS on: a request with an Origin goes through Koa (@koa/cors); one without gets its `Vary: Origin`. */
  corsEnabled: boolean;
}

// What kit's request-id middleware accepts from a caller (http/request-id.ts).
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Upstream answers that carry no body, whatever the upstream sent (Koa's statuses.empty).
const EMPTY_STATUSES = new Set([204, 205, 304]);

/**
 * The API's common case without Koa: a bodiless `/api/v1` request with a canonical target, a route,
 * a token already known active that holds the route's scope, and an upstream. It runs the pipeline
 * of `apiGateway` (http/api.ts) — counted against the rate limit, signed principal, streamed answer
 * — with the access log line and the duration histogram the kit's Koa layers write. Returns false,
 * having done nothing, for any other request, which Koa then serves from the start. An outcome
 * other than an upstream's answer (429, 502, 504, …) is handed over to Koa (`handOver`) with the
 * rate-limit decision already made, so every error is still rendered in one place and no call is
 * counted twice. Koa cost ~0.1 ms of CPU per proxied request (its context, eight middleware layers).
 */
export function fastApi(deps: FastApiDependencies): (req: IncomingMessage, res: ServerResponse, koa: KoaHandler) => boolean {
  const duration = deps.metrics.registry.getSingleMetric('http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'> | undefined;
  if (!duration) throw new Error('the gateway metrics have no http_request_duration_seconds histogram');
  return (req, res, koa) => {
    const url = req.url ?? '';
    const method = req.method ?? '';
    if (!url.startsWith(API_PREFIX) || method === 'OPTIONS' || hasBody(req) || (deps.corsEnabled && req.headers.origin !== undefined)) return false;
    let target: RequestTarget;
    try {
      target = parseRequestTarget(url);
    } catch {
      return false;
    }
    const { path } = target;
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return false;
    const match = matchRoute(method, path.slice(API_PREFIX.length) || '/');
    // A plan-enforcing operation asks auth again: the Koa path does that.
    if (match.kind !== 'found' || match.rule.usesPlan === true) return false;
    const token = bearerToken(req.headers.authorization ?? '');
    const info = token === undefined ? undefined : deps.introspector.known(token);
    const upstream = deps.upstreams[match.rule.service];
    if (!info || upstream === undefined) return false;
    nameServerSpan(method, `${API_PREFIX}${match.rule.path}`);
    try {
      requireScope(info.scopes, match.rule.scope);
    } catch {
      return false;
    }

    const started = process.hrtime.bigint();
    const end = duration.startTimer();
    const offered = req.headers[REQUEST_ID_HEADER.toLowerCase()];
    const requestId = typeof offered === 'string' && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (deps.corsEnabled) res.setHeader('Vary', 'Origin');
    const finish = (status: number): void => {
      end({ method, route: `${API_PREFIX}${match.rule.path}`, status: String(status) });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
    };
    const exchange = async (): Promise<void> => {
      const decision = deps.limiter.consume(`${info.designerId}:${info.source}`, isRead(method));
      let settled: RateDecision;
      try {
        settled = await decision;
      } catch {
        return handOver(req, res, koa, requestId, { decision });
      }
      if (!settled.allowed) return handOver(req, res, koa, requestId, { decision });
      for (const [name, value] of rateLimitHeaders(settled)) res.setHeader(name, value);
      const principal = await issuePrincipalToken(
        {
          designerId: info.designerId,
          source: info.source,
          scopes: info.scopes,
          plan: { storageLimitBytes: info.storageLimitBytes, unlockedProjectLimit: info.unlockedProjectLimit },
          requestId,
        },
        deps.principalSecret,
      );
      const headers = gatewayHeaders(req, deps.clientOrigin(req), requestId, false);
      headers[INTERNAL_PRINCIPAL_HEADER.toLowerCase()] = principal;
      const outgoing = { origin: deps.proxy.originOf(upstream), path: upstreamPathOf(target), service: match.rule.service, headers };
      let opened: Opened;
      try {
        opened = await deps.proxy.open(req, res, outgoing);
      } catch (problem) {
        return handOver(req, res, koa, requestId, { decision, problem: problem instanceof Error ? problem : new Error(String(problem)) });
      }
      finish(opened ? answer(method, res, opened) : 408); // 408: nobody is left to answer; only the log shows it
    };
    void runWithRequestContext({ requestId }, exchange).catch((error: unknown) => {
      // Nothing above throws once it began; should it, the socket is cut rather than left hanging.
      deps.logger.error({ err: error }, 'unhandled error');
      res.destroy();
      finish(500);
    });
    return true;
  };
}

function hasBody(req: IncomingMessage): boolean {
  return (req.headers['content-length'] ?? '') !== '' || (req.headers['transfer-encoding'] ?? '') !== '';
}

/** Writes the upstream's answer as the Koa path would (proxy.ts `forward` and Koa's respond); returns its status. */
function answer(method: string, res: ServerResponse, { exchange, upstream }: NonNullable<Opened>): number {
  const status = upstream.statusCode;
  res.statusCode = status;
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    res.setHeader(name, value);
  }
  const length = upstream.headers['content-length'];
  if (method === 'HEAD' || status === 204 || status === 304) {
    upstream.body.dump().catch(() => undefined);
    if (EMPTY_STATUSES.has(status)) {
      res.removeHeader('Content-Type');
      res.removeHeader('Transfer-Encoding');
    } else if (typeof length === 'string') res.setHeader('Content-Length', length);
    res.end();
    return status;
  }
  if (typeof length === 'string') res.setHeader('Content-Length', length);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/octet-stream');
  exchange.sendResponseBody(upstream.body);
  return status;
}
