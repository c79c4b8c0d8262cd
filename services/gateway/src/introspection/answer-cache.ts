import { LRUCache } from 'lru-cache';
import type { TokenInfo } from './token-info.ts';

export interface AnswerCacheOptions {
  /** Lifetime of an active answer (capped by the token's own expiry). */
  positiveTtlMs: number;
  /** Lifetime of an "unknown, expired or revoked" answer; 0 keeps none. */
  negativeTtlMs: number;
  positiveSize?: number;
  negativeSize?: number;
}

/**
 * Introspection answers by token digest: active ones with the designer's plan, inactive ones
 * briefly so a flood of bad tokens does not become a flood of introspection calls. Keeps an index
 * designer → digests so a plan change drops every answer of that designer; the index follows the
 * LRU through `dispose`, which fires on eviction, expiry, overwrite and delete alike.
 */
export class AnswerCache {
  private readonly active: LRUCache<string, TokenInfo>;
  private readonly inactive: LRUCache<string, true> | undefined;
  private readonly digestsOf = new Map<number, Set<string>>();
  private readonly positiveTtlMs: number;

  constructor(options: AnswerCacheOptions) {
    this.positiveTtlMs = options.positiveTtlMs;
    this.active = new LRUCache<string, TokenInfo>({
      max: options.positiveSize ?? 50_000,
      ttl: Math.max(1, options.positiveTtlMs),
      // Expired entries leave lazily (on a later get or when pushed out), through dispose too.
      dispose: (info, digest) => {
        this.unindex(info.designerId, digest);
      },
    });
    this.inactive = options.negativeTtlMs > 0 ? new LRUCache<string, true>({ max: options.negativeSize ?? 20_000, ttl: options.negativeTtlMs }) : undefined;
  }

  /** The active answer (its lifetime never outlasts the token's), null for a recent inactive one, undefined when unknown here. */
  get(digest: string): TokenInfo | null | undefined {
    return this.active.get(digest) ?? (this.inactive?.has(digest) ? null : undefined);
  }

  /** Only an active answer: a token that may pass without costing auth anything. */
  getActive(digest: string): TokenInfo | undefined {
    return this.active.get(digest);
  }

  remember(digest: string, info: TokenInfo | null, now = Date.now()): void {
    if (info === null) {
      this.inactive?.set(digest, true);
      return;
    }
    const ttl = info.expiresAt === undefined ? this.positiveTtlMs : Math.min(this.positiveTtlMs, info.expiresAt * 1000 - now);
    if (ttl <= 0) return;
    // Set first: overwriting disposes the old entry, which unindexes this digest.
    this.active.set(digest, info, { ttl });
    let digests = this.digestsOf.get(info.designerId);
    if (!digests) this.digestsOf.set(info.designerId, (digests = new Set()));
    digests.add(digest);
  }

  forgetTokens(digests: readonly string[]): void {
    for (const digest of digests) this.active.delete(digest);
  }

  forgetDesigner(designerId: number): void {
    for (const digest of [...(this.digestsOf.get(designerId) ?? [])]) this.active.delete(digest);
  }

  /** How many active answers of this designer are held (index and cache agree by construction). */
  heldFor(designerId: number): number {
    return this.digestsOf.get(designerId)?.size ?? 0;
  }

  private unindex(designerId: number, digest: string): void {
    const digests = this.digestsOf.get(designerId);
    if (!digests) return;
    digests.delete(digest);
    if (digests.size === 0) this.digestsOf.delete(designerId);
  }
}
