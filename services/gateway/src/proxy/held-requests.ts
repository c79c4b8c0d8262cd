import type { HeldToken } from '../domain/held-token.ts';

export type { HeldToken } from '../domain/held-token.ts';

/** Ends one held request: called once, when its token is revoked or expires. */
export type EndHeld = () => void;

/** The longest a timer is armed for at once (Node's timers overflow past ~24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * How long a revocation is remembered: a request admitted with the token just before it may reach
 * `track` just after (admission awaits the rate limit and signs a principal first). Well above that gap.
 */
const REMEMBER_REVOKED_MS = 60_000;

/**
 * The long-polls and streams this replica holds open, by the token each stands on, so a token's
 * death ends them at once instead of at their time bound: a revocation (`auth.token.revoked`,
 * which every replica hears, events/revocations.ts) ends every one of that token; an expiry ends
 * the token's own at the second it passes. Ending is the exchange's business (exchange.ts
 * `endHeld`): a stream is closed, a request still waiting for its answer's head is answered 401.
 */
export class HeldRequests {
  private readonly byToken = new Map<string, Set<EndHeld>>();
  /** Digests revoked lately, with when: insertion order is time order, so the oldest are pruned from the front. */
  private readonly revoked = new Map<string, number>();

  /** Holds `end` for the token until the returned release is called (the request finished). */
  track(token: HeldToken, end: EndHeld): () => void {
    let ends = this.byToken.get(token.digest);
    if (!ends) this.byToken.set(token.digest, (ends = new Set()));
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    const release = (): void => {
      clearTimeout(timer);
      const held = this.byToken.get(token.digest);
      if (!held?.delete(once) || held.size > 0) return;
      this.byToken.delete(token.digest);
    };
    function once(): void {
      if (ended) return;
      ended = true;
      release();
      end();
    }
    ends.add(once);
    if (this.revoked.has(token.digest)) {
      queueMicrotask(once);
      return release;
    }
    if (token.expiresAt !== undefined) {
      timer = setTimeout(once, Math.min(Math.max(0, token.expiresAt * 1000 - Date.now()), MAX_TIMER_MS));
      timer.unref();
    }
    return release;
  }

  /** Ends every request held on these tokens (their revocation). */
  endFor(digests: readonly string[]): void {
    const now = Date.now();
    for (const [digest, at] of this.revoked) {
      if (now - at < REMEMBER_REVOKED_MS) break;
      this.revoked.delete(digest);
    }
    for (const digest of digests) {
      this.revoked.delete(digest);
      this.revoked.set(digest, now);
      for (const end of [...(this.byToken.get(digest) ?? [])]) end();
    }
  }

  /** Requests held now (tests and the curious). */
  get size(): number {
    let count = 0;
    for (const ends of this.byToken.values()) count += ends.size;
    return count;
  }
}
