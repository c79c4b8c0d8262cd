import type { HeldToken } from '../domain/held-token.ts';

export type { HeldToken } from '../domain/held-token.ts';

/** Ends one held request: called once, when its token is revoked or expires. */
export type EndHeld = () => void;

/** The longest a timer is armed for at once (Node's timers overflow past ~24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The long-polls and streams this replica holds open, by the token each stands on, so a token's
 * death ends them at once instead of at their time bound: a revocation (`auth.token.revoked`,
 * which every replica hears, events/revocations.ts) ends every one of that token; an expiry ends
 * the token's own at the second it passes. Ending is the exchange's business (exchange.ts
 * `endHeld`): a stream is closed, a request still waiting for its answer's head is answered 401.
 */
export class HeldRequests {
  private readonly byToken = new Map<string, Set<EndHeld>>();

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
    if (token.expiresAt !== undefined) {
      timer = setTimeout(once, Math.min(Math.max(0, token.expiresAt * 1000 - Date.now()), MAX_TIMER_MS));
      timer.unref();
    }
    return release;
  }

  /** Ends every request held on these tokens (their revocation). */
  endFor(digests: readonly string[]): void {
    for (const digest of digests) for (const end of [...(this.byToken.get(digest) ?? [])]) end();
  }

  /** Requests held now (tests and the curious). */
  get size(): number {
    let count = 0;
    for (const ends of this.byToken.values()) count += ends.size;
    return count;
  }
}
