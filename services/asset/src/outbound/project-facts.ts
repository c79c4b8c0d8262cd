import { request, type Dispatcher } from 'undici';
import { INTERNAL_PRINCIPAL_HEADER } from '@boardsync/kit';
import { PeerUnavailable, sharedPeerDispatcher } from '@boardsync/kit/peer-requests';
import { z } from 'zod';

/** What the asset service must know about `{project}` before touching its folder; the catalog owns projects. */
export interface ProjectFacts {
  /** The caller's project and its lock; undefined when it is absent or another designer's. Throws PeerUnavailable when the catalog cannot say. */
  project(projectId: number, principalToken: string): Promise<{ id: number; isLocked: boolean } | undefined>;
}

const projectAnswer = z.object({ id: z.number().int().positive(), is_locked: z.boolean() });

const unavailable = (cause: unknown): PeerUnavailable => new PeerUnavailable('catalog', cause);

/**
 * Asks the catalog's internal listener, forwarding the caller's principal, so the catalog applies
 * its own ownership rule. Asked on every request: a lock takes effect at once. A catalog pod that
 * is stopping is asked again on another connection (peer-requests.ts).
 */
export function httpProjectFacts(catalogInternalUrl: string, dispatcher: Dispatcher = sharedPeerDispatcher(), timeoutMs = 5_000): ProjectFacts {
  return {
    async project(projectId, principalToken) {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(new URL(`/internal/projects/${String(projectId)}`, catalogInternalUrl), {
          headers: { [INTERNAL_PRINCIPAL_HEADER]: principalToken, accept: 'application/json' },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          dispatcher,
        });
      } catch (error) {
        throw unavailable(error);
      }
      if (response.statusCode === 404) {
        await response.body.dump();
        return undefined;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw unavailable(new Error(`catalog answered ${String(response.statusCode)}`));
      }
      try {
        const answer = projectAnswer.parse(await response.body.json());
        return { id: answer.id, isLocked: answer.is_locked };
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
