import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import {
  API_PREFIX,
  INTERNAL_PRINCIPAL_HEADER,
  Problem,
  REQUEST_ID_HEADER,
  isRead,
  issuePrincipalToken,
  matchRoute,
  nameServerSpan,
  noRouteProblem,
  requireScope,
  type ServiceName,
} from '@boardsync/kit/core';
import type { Introspector, TokenInfo } from '../introspection/introspector.ts';
import type { UpstreamProxy } from '../proxy/proxy.ts';
import { requestTargetOf } from '../request/canonical-path.ts';
import type { AuthFailureBudget } from '../rate-limit/auth-failure-budget.ts';
import type { ApiRateLimiter, RateDecision } from '../rate-limit/limiter.ts';

export interface ApiDependencies {
  introspector: Introspector;
  limiter: ApiRateLimiter;
  /** Per client IP, checked before introspection; only failures count. */
  authFailures: AuthFailureBudget;
  proxy: UpstreamProxy;
  /** Base URL of each service; a missing one answers 503. */
  upstreams: Partial<Record<ServiceName, string>>;
  principalSecret: string;
}

/** `/api/v1/*`: route, authenticate, check scope, count against the rate limit, then proxy. */
export function apiGateway(deps: ApiDependencies): Middleware {
  return async (ctx, next) => {
    // The checked target (canonical-path.ts) is what is matched here and what the proxy forwards.
    const { path } = requestTargetOf(ctx);
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
      await next();
      return;
    }
    const match = matchRoute(ctx.method, path.slice(API_PREFIX.length) || '/');
    if (match.kind !== 'found') throw noRouteProblem(match, ctx.method, path);
    const { rule } = match;
    // The duration histogram's route label: the table's template, as the services' routers label theirs.
    const route = `${API_PREFIX}${rule.path}`;
    ctx.state.route = route;
    nameServerSpan(ctx.method, route);
    const token = await authenticate(ctx, deps.introspector, deps.authFailures, rule.usesPlan === true);
    requireScope(token.scopes, rule.scope);

    // Counted once: a request the fast path (fast-api.ts) handed over was counted there.
    const handed = handovers.get(ctx.req);
    const decision = await (handed?.decision ?? deps.limiter.consume(`${token.designerId}:${token.source}`, isRead(ctx.method)));
    for (const [name, value] of rateLimitHeaders(decision)) ctx.set(name, value);
    if (!decision.allowed) {
      throw new Problem({
        status: 429,
        code: 'rate_limited',
        detail: `Rate limit of ${decision.limit} ${isRead(ctx.method) ? 'reads' : 'writes'} per minute reached; retry in ${decision.resetSeconds} s.`,
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }

    if (handed?.problem !== undefined) throw handed.problem;
    const upstream = deps.upstreams[rule.service];
    if (!upstream) throw new Problem({ status: 503, code: 'service_unavailable', detail: `The ${rule.service} service is not available.` });
    const principal = await issuePrincipalToken(
      {
        designerId: token.designerId,
        source: token.source,
        scopes: token.scopes,
        plan: { storageLimitBytes: token.storageLimitBytes, unlockedProjectLimit: token.unlockedProjectLimit },
        requestId: String(ctx.state.requestId),
      },
      deps.principalSecret,
    );
    await deps.proxy.forward(ctx, upstream, rule.service, { [INTERNAL_PRINCIPAL_HEADER.toLowerCase()]: principal });
  };
}

/**
 * The bearer token's facts. A token already known active passes at once (asked about again when the
 * operation enforces the plan); otherwise the caller's address must still have failure budget left
 * before auth is asked, and a failure spends it.
 */
async function authenticate(ctx: Context, introspector: Introspector, failures: AuthFailureBudget, freshPlan: boolean): Promise<TokenInfo> {
  const header = ctx.get('Authorization');
  const token = bearerToken(header);
  const known = token === undefined ? undefined : introspector.known(token);
  if (known && token !== undefined && freshPlan) return (await askAuth(() => introspector.reintrospect(token))) ?? unknownToken();
  if (known) return known;
  const clientIp = clientIpOf(ctx);
  if (header === '') {
    // No header at all is a client that forgot, not one guessing: it costs nothing and is not counted.
    await failures.refuseWhenSpent(clientIp);
    throw Problem.unauthenticated('Send Authorization: Bearer <token>.');
  }
  // Reserved before the call to auth; a malformed header or an unknown token keeps it spent.
  const reservation = await failures.reserve(clientIp);
  if (token === undefined) throw Problem.unauthenticated('Send Authorization: Bearer <token>.');
  let info: TokenInfo | null;
  try {
    info = await askAuth(() => introspector.introspect(token));
  } catch (error) {
    await reservation.giveBack();
    throw error;
  }
  if (!info) unknownToken();
  await reservation.giveBack();
  return info;
}

/** The token of an `Authorization: Bearer` header: RFC 6750 b64token; the scheme name is case-insensitive. */
export function bearerToken(header: string): string | undefined {
  return /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header)?.[1];
}

export function rateLimitHeaders(decision: RateDecision): [string, string][] {
  return [
    ['RateLimit-Limit', String(decision.limit)],
    ['RateLimit-Remaining', String(decision.remaining)],
    ['RateLimit-Reset', String(decision.resetSeconds)],
  ];
}

export type KoaHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What the fast path (fast-api.ts) had done when it handed a request over: the rate limit counted, and the upstream's failure if it got that far. */
interface Handover {
  decision: Promise<RateDecision>;
  problem?: Error;
}

const handovers = new WeakMap<IncomingMessage, Handover>();

/**
 * Koa answers from the start, with the request id the fast path chose (kit's request-id middleware
 * takes it from the header) and the work already done, so an error is rendered as every other is.
 */
export function handOver(req: IncomingMessage, res: ServerResponse, koa: KoaHandler, requestId: string, handover: Handover): Promise<void> {
  handovers.set(req, handover);
  req.headers[REQUEST_ID_HEADER.toLowerCase()] = requestId;
  return koa(req, res);
}

async function askAuth(ask: () => Promise<TokenInfo | null>): Promise<TokenInfo | null> {
  try {
    return await ask();
  } catch (error) {
    throw new Problem({
      status: 503,
      code: 'auth_unavailable',
      detail: 'Tokens cannot be checked right now; try again shortly.',
      headers: { 'Retry-After': '5' },
      cause: error,
    });
  }
}

function unknownToken(): never {
  throw Problem.unauthenticated('The token is unknown, expired or revoked.');
}

/** The caller's address as the client-origin middleware worked it out (trusted proxies only), else the socket's. */
function clientIpOf(ctx: Context): string {
  const fromOrigin: unknown = ctx.state.clientIp;
  return typeof fromOrigin === 'string' && fromOrigin !== '' ? fromOrigin : ctx.ip;
}
