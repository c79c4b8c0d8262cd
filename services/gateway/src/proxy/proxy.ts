import type { Context } from 'koa';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { Problem, REQUEST_ID_HEADER, INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';

// RFC 9110 §7.6.1 hop-by-hop fields, plus what must never pass from the outside to a service.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const NEVER_FORWARDED = new Set(['authorization', INTERNAL_PRINCIPAL_HEADER.toLowerCase(), 'cookie']);

export interface ProxyOptions {
  timeoutMs: number;
}

/** Streams requests to a service and its answer back, over keep-alive pools; nothing is buffered whole. */
export class UpstreamProxy {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor({ timeoutMs }: ProxyOptions) {
    this.timeoutMs = timeoutMs;
    this.agent = new Agent({ keepAliveTimeout: 30_000, connections: 128, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }

  /** `extraHeaders` are added after the caller's are filtered (principal, request id). */
  async forward(ctx: Context, baseUrl: string, service: string, extraHeaders: Record<string, string>, options: { passCredentials?: boolean } = {}): Promise<void> {
    // Services serve the public paths themselves (/api/v1/…), so links they build match what callers see.
    const target = new URL(ctx.originalUrl, baseUrl);
    const headers = forwardableHeaders(ctx.req.headers, options.passCredentials ?? false);
    headers[REQUEST_ID_HEADER.toLowerCase()] = String(ctx.state.requestId);
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = ctx.protocol;
    headers['x-forwarded-host'] = ctx.host;
    Object.assign(headers, extraHeaders);
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) && (ctx.get('content-length') !== '' || ctx.get('transfer-encoding') !== '');
    let upstream: Dispatcher.ResponseData;
    try {
      upstream = await request(target, {
        dispatcher: this.agent,
        method: ctx.method,
        headers,
        ...(hasBody ? { body: ctx.req } : {}),
      });
    } catch (error) {
      throw upstreamProblem(error, service, this.timeoutMs);
    }
    ctx.status = upstream.statusCode;
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
      ctx.set(name, value);
    }
    const length = upstream.headers['content-length'];
    ctx.body = upstream.body;
    if (typeof length === 'string') ctx.length = Number(length);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** `passCredentials`: the caller's cookies and Authorization are meant for the upstream itself (auth's pages, OAuth client authentication). */
function forwardableHeaders(incoming: Record<string, string | string[] | undefined>, passCredentials: boolean): Record<string, string> {
  const connectionListed = new Set(
    String(incoming.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connectionListed.has(name)) continue;
    if (NEVER_FORWARDED.has(name) && !(passCredentials && (name === 'cookie' || name === 'authorization'))) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function upstreamProblem(error: unknown, service: string, timeoutMs: number): Problem {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new Problem({ status: 504, code: 'upstream_timeout', detail: `The ${service} service did not answer within ${timeoutMs} ms.` });
  }
  return new Problem({ status: 502, code: 'upstream_unavailable', detail: `The ${service} service could not be reached.` });
}
