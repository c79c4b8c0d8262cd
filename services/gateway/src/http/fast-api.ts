import type { IncomingMessage } from 'node:http';
import type { Histogram } from 'prom-client';
import {
  API_PREFIX,
  INTERNAL_PRINCIPAL_HEADER,
  isApiPath,
  REQUEST_ID_HEADER,
  nameServerSpan,
  requestIdFor,
  runWithRequestContext,
  toProblem,
  writeProblem,
  type AheadOfApp,
  type HttpMetrics,
  type Logger,
} from '@boardsync/kit/core';
import { gatewayHeaders, type UpstreamProxy } from '../proxy/proxy.ts';
import { parseRequestTarget, upstreamPathOf, type RequestTarget } from '../request/canonical-path.ts';
import type { ClientOrigin } from '../request/client-origin.ts';
import { beforeOwnAnswer, declaresBody } from '../request/unread-body.ts';
import type { ApiAdmission } from '../use-cases/admit-api-request.ts';

export interface FastApiDependencies {
  admission: ApiAdmission;
  proxy: UpstreamProxy;
  clientOrigin: (req: IncomingMessage) => ClientOrigin;
  logger: Logger;
  metrics: HttpMetrics;
  /** CORS on: a request with an Origin goes through Koa (@koa/cors); one without gets its `Vary: Origin`. */
  corsEnabled: boolean;
}

/**
 * The API's common case without Koa, served ahead of it (kit's `AheadOfApp`): a bodiless `/api/v1`
 * request with a canonical target and no page origin. The same admission as the Koa path
 * (use-cases/admit-api-request.ts), the same answers: the upstream's streamed, or a refusal
 * written as the kit's problem responder writes it, with the access log line and the duration
 * histogram the kit's Koa layers write. Any other request is declined untouched and Koa serves it
 * (http/api.ts for the API). Koa cost ~0.1 ms of CPU per proxied request (its context, eight
 * middleware layers).
 */
export function fastApi(deps: FastApiDependencies): AheadOfApp {
  const duration = deps.metrics.registry.getSingleMetric('boardsync_http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'> | undefined;
  if (!duration) throw new Error('the gateway metrics have no boardsync_http_request_duration_seconds histogram');
  const { admission, proxy, logger } = deps;
  return (req, res) => {
    const url = req.url ?? '';
    const method = req.method ?? '';
    if (!url.startsWith(API_PREFIX) || method === 'OPTIONS' || declaresBody(req) || (deps.corsEnabled && req.headers.origin !== undefined)) return false;
    let target: RequestTarget;
    try {
      target = parseRequestTarget(url);
    } catch {
      return false; // Koa's path guard answers it
    }
    const { path } = target;
    if (!isApiPath(path)) return false;

    const started = process.hrtime.bigint();
    const end = duration.startTimer();
    const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (deps.corsEnabled) res.setHeader('Vary', 'Origin');
    let origin: ClientOrigin | undefined;
    const clientOrigin = (): ClientOrigin => (origin ??= deps.clientOrigin(req));
    let route = 'unmatched';
    const finish = (status: number): void => {
      end({ method, route, status: String(status) });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
    };
    const exchange = async (): Promise<number> => {
      const rule = admission.route(method, path);
      route = `${API_PREFIX}${rule.path}`;
      nameServerSpan(method, route);
      const authorization = req.headers.authorization ?? '';
      const admitted = await admission.admit({ method, path, authorization, clientIp: () => clientOrigin().ip, requestId }, rule);
      for (const [name, value] of admitted.rateHeaders) res.setHeader(name, value);
      const headers = gatewayHeaders(req, clientOrigin(), requestId, false);
      headers[INTERNAL_PRINCIPAL_HEADER.toLowerCase()] = admitted.principal;
      const outgoing = {
        origin: proxy.originOf(admitted.upstream),
        path: upstreamPathOf(target),
        service: admitted.service,
        headers,
        held: rule.holds,
        heldToken: admitted.heldToken,
      };
      return (await proxy.relay(req, res, outgoing)) ?? 408; // 408: nobody is left to answer; only the log shows it
    };
    void runWithRequestContext({ requestId }, exchange).then(finish, (error: unknown) => {
      const problem = toProblem(error, logger);
      if (res.headersSent)
        res.destroy(); // nothing of ours throws once the answer began; should it, the answer is cut short
      else if (!res.destroyed) {
        beforeOwnAnswer(req, res);
        writeProblem(res, problem, method);
      }
      finish(problem.status);
    });
    return true;
  };
}
