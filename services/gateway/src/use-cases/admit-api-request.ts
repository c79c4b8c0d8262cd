import {
  API_PREFIX,
  Problem,
  isRead,
  issuePrincipalToken,
  matchRoute,
  noRouteProblem,
  requireScope,
  tokenDigest,
  type ApiRoute,
  type ServiceName,
} from '@boardsync/kit/core';
import { readApiRoutes } from '../api-routes.ts';
import type { Introspector, TokenInfo } from '../introspection/introspector.ts';
import type { HeldToken } from '../domain/held-token.ts';
import { AuthFailuresSpent, type AuthFailureBudget } from '../rate-limit/auth-failure-budget.ts';
import type { ApiRateLimiter, RateDecision } from '../rate-limit/limiter.ts';

/** What the admission needs of a request, whichever way it came in (http/api.ts through Koa, http/fast-api.ts without). */
export interface ApiRequest {
  method: string;
  /** The checked target's path (request/canonical-path.ts), under API_PREFIX. */
  path: string;
  /** The Authorization header; '' when there is none. */
  authorization: string;
  /** The caller's address, asked for only when a token must be checked with auth. */
  clientIp: () => string;
  requestId: string;
}

/** A request let through: where it goes, as whom, and the RateLimit-* headers its answer carries whatever it is. */
export interface Admission {
  service: ServiceName;
  upstream: string;
  principal: string;
  rateHeaders: [string, string][];
  /** For a route that holds its request (`ApiRoute.holds`): the token it stands on, so its revocation or expiry ends it (proxy/held-requests.ts). */
  heldToken?: HeldToken;
}

export interface AdmissionDependencies {
  introspector: Introspector;
  limiter: ApiRateLimiter;
  /** Per client address, checked before introspection; only failures count. */
  authFailures: AuthFailureBudget;
  /** Base URL of each service; a missing one answers 503. */
  upstreams: Partial<Record<ServiceName, string>>;
  principalSecret: string;
}

/**
 * The gateway's decision about an `/api/v1` request, with no HTTP framework: route → token →
 * scope → rate limit → principal. A refusal is thrown as the Problem to answer (carrying the
 * RateLimit-* headers once the request was counted); both ways in render it the same.
 */
export class ApiAdmission {
  private readonly deps: AdmissionDependencies;
  private readonly routes = readApiRoutes();
  /** Checks of uncached tokens under way, by digest: concurrent requests with one token share one. */
  private readonly checking = new Map<string, { era: number; check: Promise<TokenInfo | null> }>();

  constructor(deps: AdmissionDependencies) {
    this.deps = deps;
  }

  /** The route table's row for the request, or the 404/405 Problem. `path` is under API_PREFIX. */
  route(method: string, path: string): ApiRoute {
    const match = matchRoute(this.routes, method, path.slice(API_PREFIX.length) || '/');
    if (match.kind !== 'found') throw noRouteProblem(match, method, path);
    return match.rule;
  }

  async admit(request: ApiRequest, rule: ApiRoute): Promise<Admission> {
    const token = await this.authenticate(request, rule.usesPlan === true);
    requireScope(token.scopes, rule.scope);
    const read = isRead(request.method);
    const decision = await this.deps.limiter.consume(`${token.designerId}:${token.source}`, read);
    const rateHeaders = rateLimitHeaders(decision);
    if (!decision.allowed) {
      throw new Problem({
        status: 429,
        code: 'rate_limited',
        detail: `Rate limit of ${decision.limit} ${read ? 'reads' : 'writes'} per minute reached; retry in ${decision.resetSeconds} s.`,
        headers: { ...Object.fromEntries(rateHeaders), 'Retry-After': String(decision.resetSeconds) },
      });
    }
    const upstream = this.deps.upstreams[rule.service];
    if (!upstream) {
      throw new Problem({
        status: 503,
        code: 'service_unavailable',
        detail: `The ${rule.service} service is not available.`,
        headers: Object.fromEntries(rateHeaders),
      });
    }
    const principal = await issuePrincipalToken(
      {
        designerId: token.designerId,
        source: token.source,
        scopes: token.scopes,
        ...(token.credential === undefined ? {} : { credential: token.credential }),
        plan: { storageLimitBytes: token.storageLimitBytes, unlockedProjectLimit: token.unlockedProjectLimit },
        requestId: request.requestId,
      },
      this.deps.principalSecret,
    );
    const bearer = rule.holds === true ? bearerToken(request.authorization) : undefined;
    return {
      service: rule.service,
      upstream,
      principal,
      rateHeaders,
      ...(bearer === undefined ? {} : { heldToken: { digest: tokenDigest(bearer), expiresAt: token.expiresAt } }),
    };
  }

  /**
   * The bearer token's facts. A token already known active passes at once (asked about again when
   * the operation enforces the plan); otherwise the caller's address must still have failure budget
   * left before auth is asked, and a failure spends it.
   */
  private async authenticate(request: ApiRequest, freshPlan: boolean): Promise<TokenInfo> {
    const { introspector, authFailures } = this.deps;
    const token = bearerToken(request.authorization);
    const known = token === undefined ? undefined : introspector.known(token);
    if (known && token !== undefined && freshPlan) return (await askAuth(() => introspector.reintrospect(token))) ?? unknownToken();
    if (known) return known;
    const clientIp = request.clientIp();
    if (request.authorization === '') {
      // No header at all is a client that forgot, not one guessing: it costs nothing and is not counted.
      await withinFailureBudget(() => authFailures.refuseWhenSpent(clientIp));
      throw Problem.unauthenticated('Send Authorization: Bearer <token>.');
    }
    if (token === undefined) {
      await withinFailureBudget(() => authFailures.reserve(clientIp));
      throw Problem.unauthenticated('Send Authorization: Bearer <token>.');
    }
    // A request joining the same token's check already under way (a tool's burst when its cached
    // answer lapsed) adds no call to auth, so it reserves nothing; it spends a failure only if the
    // answer is one. Registered before any await, so a burst arriving at once has one check.
    const digest = tokenDigest(token);
    const underway = this.checking.get(digest);
    // Never one begun before a revocation or plan change (the introspector's era): its answer may predate it.
    if (underway && underway.era === introspector.era) {
      const answer = await underway.check;
      if (answer) return answer;
      await withinFailureBudget(() => authFailures.reserve(clientIp));
      unknownToken();
    }
    const entry = { era: introspector.era, check: this.check(token, clientIp) };
    this.checking.set(digest, entry);
    try {
      return (await entry.check) ?? unknownToken();
    } finally {
      if (this.checking.get(digest) === entry) this.checking.delete(digest);
    }
  }

  /** Asks auth about the token, its failure reserved first (a malformed header or an unknown token keeps it spent); null when unknown. */
  private async check(token: string, clientIp: string): Promise<TokenInfo | null> {
    const { introspector, authFailures } = this.deps;
    const reservation = await withinFailureBudget(() => authFailures.reserve(clientIp));
    let info: TokenInfo | null;
    try {
      info = await askAuth(() => introspector.introspect(token));
    } catch (error) {
      await reservation.giveBack();
      throw error;
    }
    if (info) await reservation.giveBack();
    return info;
  }
}

/** The token of an `Authorization: Bearer` header: RFC 6750 b64token; the scheme name is case-insensitive. */
export function bearerToken(header: string): string | undefined {
  return /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header)?.[1];
}

function rateLimitHeaders(decision: RateDecision): [string, string][] {
  return [
    ['RateLimit-Limit', String(decision.limit)],
    ['RateLimit-Remaining', String(decision.remaining)],
    ['RateLimit-Reset', String(decision.resetSeconds)],
  ];
}

async function askAuth(ask: () => Promise<TokenInfo | null>): Promise<TokenInfo | null> {
  try {
    return await ask();
  } catch (error) {
    throw Problem.unavailable('Tokens cannot be checked right now; try again shortly.', error, 'auth_unavailable');
  }
}

function unknownToken(): never {
  throw Problem.unauthenticated('The token is unknown, expired or revoked.');
}

/** The address's failure budget spent is a 429 `rate_limited`. */
async function withinFailureBudget<T>(spend: () => Promise<T>): Promise<T> {
  try {
    return await spend();
  } catch (error) {
    if (!(error instanceof AuthFailuresSpent)) throw error;
    const { retryAfterSeconds } = error;
    throw new Problem({
      status: 429,
      code: 'rate_limited',
      detail: `Too many failed authentications from this address; retry in ${retryAfterSeconds} s.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}
