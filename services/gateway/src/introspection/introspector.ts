import * as oidc from 'openid-client';
import { isScope, tokenDigest } from '@boardsync/kit/core';
import { AnswerCache } from './answer-cache.ts';
import type { TokenInfo } from './token-info.ts';

export type { TokenInfo } from './token-info.ts';

export interface IntrospectorOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Active answers, at most 30 s. */
  cacheTtlMs?: number;
  /** Unknown, expired or revoked answers; 0 remembers none. */
  negativeCacheTtlMs?: number;
  cacheSize?: number;
}

const MAX_POSITIVE_TTL_MS = 30_000;

/**
 * Asks auth about a token (RFC 7662, through openid-client), keyed by the token's digest so the
 * token itself is never held. Active answers are remembered ≤ 30 s, inactive ones a few seconds;
 * concurrent askers of one uncached token share one call. `evict` and `forgetDesigner` drop
 * answers at once (on `auth.token.revoked`, `auth.designer.plan-changed`).
 */
export class Introspector {
  private readonly config: oidc.Configuration;
  private readonly answers: AnswerCache;
  private readonly inFlight = new Map<string, Promise<TokenInfo | null>>();
  /** Bumped by every eviction: an answer asked for before one may predate it, so it is not kept. */
  private generation = 0;

  /** Bumped by every eviction: a check of a token begun before it must not be joined after it. */
  get era(): number {
    return this.generation;
  }

  constructor(options: IntrospectorOptions) {
    const base = options.authUrl.replace(/\/$/, '');
    this.config = new oidc.Configuration({ issuer: base, introspection_endpoint: `${base}/oauth/introspect` }, options.clientId, options.clientSecret);
    // Service-to-service traffic inside the cluster (and on one machine) is plain HTTP.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- openid-client marks it only to make it stand out
    if (base.startsWith('http:')) oidc.allowInsecureRequests(this.config);
    this.answers = new AnswerCache({
      positiveTtlMs: Math.min(options.cacheTtlMs ?? MAX_POSITIVE_TTL_MS, MAX_POSITIVE_TTL_MS),
      negativeTtlMs: options.negativeCacheTtlMs ?? 5_000,
      ...(options.cacheSize === undefined ? {} : { positiveSize: options.cacheSize }),
    });
  }

  /** The token's facts, or null when it is unknown, expired or revoked. Throws when auth cannot answer. */
  introspect(token: string): Promise<TokenInfo | null> {
    const digest = tokenDigest(token);
    const cached = this.answers.get(digest);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.inFlight.get(digest);
    if (pending) return pending;
    const flight = this.ask(token, digest).finally(() => {
      if (this.inFlight.get(digest) === flight) this.inFlight.delete(digest);
    });
    this.inFlight.set(digest, flight);
    return flight;
  }

  /**
   * Asks auth again whatever is remembered (for operations that enforce the plan), and remembers
   * the new answer. Never joins a call already under way: it may have started before a plan change.
   */
  reintrospect(token: string): Promise<TokenInfo | null> {
    return this.ask(token, tokenDigest(token));
  }

  /** An active answer already held: such a token costs auth nothing. */
  known(token: string): TokenInfo | undefined {
    return this.answers.getActive(tokenDigest(token));
  }

  evict(digests: readonly string[]): void {
    this.invalidate();
    this.answers.forgetTokens(digests);
  }

  /** The designer's plan changed: every answer of theirs carries the old one. */
  forgetDesigner(designerId: number): void {
    this.invalidate();
    this.answers.forgetDesigner(designerId);
  }

  /** Active answers held for this designer (for readiness of tests and operators' curiosity). */
  heldFor(designerId: number): number {
    return this.answers.heldFor(designerId);
  }

  private invalidate(): void {
    this.generation += 1;
    // Callers from now on must not join a call that started before the eviction.
    this.inFlight.clear();
  }

  private async ask(token: string, digest: string): Promise<TokenInfo | null> {
    const generation = this.generation;
    const answer = await oidc.tokenIntrospection(this.config, token);
    const info = answer.active && typeof answer.sub === 'string' ? tokenInfo(answer) : null;
    if (generation === this.generation) this.answers.remember(digest, info);
    return info;
  }
}

function tokenInfo(answer: oidc.IntrospectionResponse): TokenInfo {
  return {
    designerId: Number(answer.sub),
    source: typeof answer.source === 'string' ? answer.source : `api:${answer.client_id ?? 'unknown'}`,
    scopes: (answer.scope ?? '').split(' ').filter(isScope),
    storageLimitBytes: typeof answer.storage_limit_bytes === 'number' ? answer.storage_limit_bytes : 0,
    unlockedProjectLimit: typeof answer.unlocked_limit === 'number' ? answer.unlocked_limit : null,
    expiresAt: answer.exp,
    ...(typeof answer.credential === 'string' ? { credential: answer.credential } : {}),
  };
}
