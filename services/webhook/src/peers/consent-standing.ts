import { LRUCache } from 'lru-cache';
import { request } from 'undici';
import { z } from 'zod';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit';
import { PeerUnavailable, sharedPeerDispatcher } from '@boardsync/kit/peer-requests';

/** How long auth's "it stands" is believed: a revocation whose event is late or lost stops sends within this. */
export const STANDING_FRESH_MS = 5_000;
/** While auth cannot answer, a "stands" this recent is still believed (then sends wait for auth). */
export const STANDING_STALE_IF_ERROR_MS = 60_000;
/** Designer-and-consent pairs remembered at once. */
const MAX_REMEMBERED = 50_000;
const ASK_TIMEOUT_MS = 3_000;

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
    const principal = await issuePrincipalToken(
      { designerId, source: 'service:webhook', scopes: [], plan: { storageLimitBytes: 0, unlockedProjectLimit: null }, requestId: 'consent-check' },
      principalSecret,
    );
    const url = new URL(`/internal/designers/${String(designerId)}/consents`, authInternalUrl);
    url.searchParams.set('credential', registrant);
    try {
      const response = await request(url, {
        headers: { [INTERNAL_PRINCIPAL_HEADER]: principal, accept: 'application/json' },
        headersTimeout: ASK_TIMEOUT_MS,
        bodyTimeout: ASK_TIMEOUT_MS,
        dispatcher: sharedPeerDispatcher(),
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`auth answered ${String(response.statusCode)}`);
      }
      return answer.parse(await response.body.json()).standing.includes(registrant);
    } catch (error) {
      throw new PeerUnavailable('auth', error);
    }
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
