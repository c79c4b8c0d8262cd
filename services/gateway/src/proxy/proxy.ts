import type { Context } from 'koa';
import type { Registry } from 'prom-client';
import { Agent, errors as undiciErrors, type Dispatcher } from 'undici';
import { Problem, REQUEST_ID_HEADER, type Logger } from '@boardsync/kit/core';
import { requestTargetOf, upstreamPathOf } from '../request/canonical-path.ts';
import { clientOriginOf } from '../request/client-origin.ts';
import { ProxyAborts } from './aborts.ts';
import { Exchange } from './exchange.ts';
import { HOP_BY_HOP, forwardableHeaders } from './forwarded-headers.ts';

export interface ProxyOptions {
  timeoutMs: number;
  logger: Logger;
  /** Where `gateway_proxy_aborts_total` is registered: the gateway's metrics registry. */
  registry: Registry;
}

/** Streams requests to a service and its answer back, over keep-alive pools; nothing is buffered whole. */
export class UpstreamProxy {
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly aborts: ProxyAborts;

  constructor({ timeoutMs, logger, registry }: ProxyOptions) {
    this.timeoutMs = timeoutMs;
    this.agent = new Agent({ keepAliveTimeout: 30_000, connections: 128, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    this.aborts = new ProxyAborts(logger, registry);
  }

  /**
   * Sends the request's checked target (see canonical-path.ts) to `baseUrl`'s origin exactly as it
   * was matched: the path is never re-parsed or resolved against anything. `extraHeaders` are added
   * after the caller's are filtered (principal, request id).
   */
  async forward(
    ctx: Context,
    baseUrl: string,
    service: string,
    extraHeaders: Record<string, string>,
    options: { passCredentials?: boolean } = {},
  ): Promise<void> {
    const client = clientOriginOf(ctx);
    const headers = forwardableHeaders(ctx.req.headers, options.passCredentials ?? false);
    headers[REQUEST_ID_HEADER.toLowerCase()] = String(ctx.state.requestId);
    headers['x-forwarded-for'] = client.ip;
    headers['x-forwarded-proto'] = client.proto;
    const host = ctx.get('host');
    if (host !== '') headers['x-forwarded-host'] = host;
    Object.assign(headers, extraHeaders);
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) && (ctx.get('content-length') !== '' || ctx.get('transfer-encoding') !== '');
    const exchange = new Exchange(ctx, service, this.aborts, hasBody);
    if (exchange.clientGone()) {
      leftBeforeTheAnswer(ctx);
      return;
    }

    let upstream: Dispatcher.ResponseData;
    try {
      upstream = await this.agent.request({
        origin: new URL(baseUrl).origin,
        path: upstreamPathOf(requestTargetOf(ctx)),
        method: ctx.method,
        headers,
        body: hasBody ? exchange.requestBody() : null,
        signal: exchange.signal,
      });
    } catch (error) {
      if (exchange.clientGone()) {
        leftBeforeTheAnswer(ctx);
        return;
      }
      exchange.closeIfAnsweredEarly();
      throw upstreamProblem(error, service, this.timeoutMs);
    }
    exchange.closeIfAnsweredEarly();
    ctx.status = upstream.statusCode;
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
      ctx.set(name, value);
    }
    const length = upstream.headers['content-length'];
    if (ctx.method === 'HEAD' || upstream.statusCode === 204 || upstream.statusCode === 304) {
      // No body goes out; Koa would never read one, so ours is drained and closed here.
      upstream.body.dump().catch(() => undefined);
      if (typeof length === 'string' && ctx.method === 'HEAD') ctx.set('content-length', length);
      return;
    }
    if (typeof length === 'string') ctx.length = Number(length);
    exchange.sendResponseBody(upstream.body);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

// Nobody is left to answer; 408 is only what the access log shows.
function leftBeforeTheAnswer(ctx: Context): void {
  ctx.status = 408;
}

function upstreamProblem(error: unknown, service: string, timeoutMs: number): Problem {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new Problem({ status: 504, code: 'upstream_timeout', detail: `The ${service} service did not answer within ${timeoutMs} ms.` });
  }
  return new Problem({ status: 502, code: 'upstream_unavailable', detail: `The ${service} service could not be reached.` });
}
