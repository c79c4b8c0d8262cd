import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { designerPrincipalToken } from '@boardsync/kit';
import { PeerUnavailable, askPeer } from '@boardsync/kit/peer-requests';

/** How long auth's "it stands" is believed: a revocation whose event is late or lost stops sends within this. */
export const STANDING_FRESH_MS = 5_000;
/** While auth cannot answer, a "stands" this recent is still believed (then sends wait for auth). */
export const STANDING_STALE_IF_ERROR_MS = 60_000;
/** Designer-and-consent pairs remembered at once. */
const MAX_REMEMBERED = 50_000;
/** As long as a receiver gets: under load, the embedded mode answers on the same busy event loop. */
const ASK_TIMEOUT_MS = 10_000;

/** Whether the consent a webhook was registered under still stands, asked of auth (the owner of consents). */
export interface ConsentStanding {
  /** Throws PeerUnavailable when auth cannot say and nothing recent enough is remembered. */
  stands(designerId: number, registrant: string): Promise<boolean>;
  /** A revocation was heard: nothing remembered of this designer is believed any more. */
  forgetDesigner(designerId: number): void;
  /** Another replica stopped a webhook for a withdrawn consent: nothing remembered is believed any more. */
  forgetAll(): void;
}

interface Remembered {
  stands: boolean;
  at: number;
}

const answer = z.object({ standing: z.array(z.string()) });

/**
 * Asks auth's internal listener (`GET /internal/designers/{id}/consents`) with a principal of the
 * designer concerned, remembering each answer for STANDING_FRESH_MS; one question at a time per
 * designer and consent, and a forgotten answer is never replaced by one asked before it was forgotten.
 */
export function httpConsentStanding(authInternalUrl: string, principalSecret: string): ConsentStanding {
  const remembered = new LRUCache<string, Remembered>({ max: MAX_REMEMBERED });
  const asking = new Map<string, Promise<boolean>>();
  let generation = 0;
  const keyOf = (designerId: number, registrant: string): string => `${String(designerId)}\u0000${registrant}`;

  async function ask(designerId: number, registrant: string): Promise<boolean> {
    const principal = await designerPrincipalToken(designerId, 'service:webhook', [], principalSecret);
    const url = new URL(`/internal/designers/${String(designerId)}/consents`, authInternalUrl);
    url.searchParams.set('credential', registrant);
    const { status, body } = await askPeer('auth', url, principal, { timeoutMs: ASK_TIMEOUT_MS });
    const parsed = answer.safeParse(body);
    if (status !== 200 || !parsed.success) throw new PeerUnavailable('auth', new Error(`auth answered ${String(status)}`));
    return parsed.data.standing.includes(registrant);
  }

  function startAsking(designerId: number, registrant: string, key: string): Promise<boolean> {
    const askedIn = generation;
    const flight: Promise<boolean> = ask(designerId, registrant)
      .then((stands) => {
        if (askedIn === generation) remembered.set(key, { stands, at: Date.now() });
        return stands;
      })
      .finally(() => {
        if (asking.get(key) === flight) asking.delete(key);
      });
    asking.set(key, flight);
    return flight;
  }

  return {
    async stands(designerId, registrant) {
      const key = keyOf(designerId, registrant);
      const known = remembered.get(key);
      if (known && Date.now() - known.at < STANDING_FRESH_MS) return known.stands;
      const flight = asking.get(key) ?? startAsking(designerId, registrant, key);
      try {
        return await flight;
      } catch (error) {
        const last = remembered.get(key);
        if (last?.stands === true && Date.now() - last.at < STANDING_STALE_IF_ERROR_MS) return true;
        throw error;
      }
    },
    forgetDesigner(designerId) {
      generation++;
      asking.clear();
      const prefix = `${String(designerId)}\u0000`;
      for (const key of remembered.keys()) if (key.startsWith(prefix)) remembered.delete(key);
    },
    forgetAll() {
      generation++;
      asking.clear();
      remembered.clear();
    },
  };
}
