import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import { isScope, tokenDigest, type Scope } from '@boardsync/kit';

/** What the gateway knows about an active bearer token. */
export interface TokenInfo {
  designerId: number;
  source: string;
  scopes: Scope[];
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
  /** Unix seconds, when the token stops being valid (personal tokens: none). */
  expiresAt: number | undefined;
}

export interface IntrospectorOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  cacheTtlMs?: number;
  cacheSize?: number;
}

/**
 * Asks auth about a token (RFC 7662, through openid-client) and remembers positive answers for at
 * most 30 s, keyed by the token's digest so the token itself is never held. `evict` forgets one
 * at once (on `auth.token.revoked`).
 */
export class Introspector {
  private readonly config: oidc.Configuration;
  private readonly cache: LRUCache<string, TokenInfo>;
  private readonly ttlMs: number;

  constructor(options: IntrospectorOptions) {
    const base = options.authUrl.replace(/\/$/, '');
    this.config = new oidc.Configuration({ issuer: base, introspection_endpoint: `${base}/oauth/introspect` }, options.clientId, options.clientSecret);
    // Service-to-service traffic inside the cluster (and on one machine) is plain HTTP.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- openid-client marks it only to make it stand out
    if (base.startsWith('http:')) oidc.allowInsecureRequests(this.config);
    this.ttlMs = Math.min(options.cacheTtlMs ?? 30_000, 30_000);
    this.cache = new LRUCache({ max: options.cacheSize ?? 50_000, ttl: this.ttlMs });
  }

  /** The token's facts, or null when it is unknown, expired or revoked. */
  async introspect(token: string): Promise<TokenInfo | null> {
    const digest = tokenDigest(token);
    const cached = this.cache.get(digest);
    if (cached && (cached.expiresAt === undefined || cached.expiresAt * 1000 > Date.now())) return cached;
    const answer = await oidc.tokenIntrospection(this.config, token);
    if (!answer.active || typeof answer.sub !== 'string') return null;
    const info: TokenInfo = {
      designerId: Number(answer.sub),
      source: typeof answer.source === 'string' ? answer.source : `api:${answer.client_id ?? 'unknown'}`,
      scopes: (answer.scope ?? '').split(' ').filter(isScope),
      storageLimitBytes: typeof answer.storage_limit_bytes === 'number' ? answer.storage_limit_bytes : 0,
      unlockedProjectLimit: typeof answer.unlocked_limit === 'number' ? answer.unlocked_limit : null,
      expiresAt: answer.exp,
    };
    const ttl = info.expiresAt === undefined ? this.ttlMs : Math.min(this.ttlMs, info.expiresAt * 1000 - Date.now());
    if (ttl > 0) this.cache.set(digest, info, { ttl });
    return info;
  }

  evict(digests: readonly string[]): void {
    for (const digest of digests) this.cache.delete(digest);
  }
}
