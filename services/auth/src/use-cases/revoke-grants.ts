import type { EntityManager } from '@mikro-orm/core';
import { enqueueEvents, type Logger } from '@boardsync/kit';
import { appSource } from '../domain/sources.ts';
import { tokenRevoked } from '../domain/auth-events.ts';
import { grantCredential } from '../domain/credentials.ts';
import { findAppsByIds } from '../store/apps.ts';
import { findLiveGrants } from '../store/grants.ts';
import { findLiveTokensOfGrants } from '../store/oauth-tokens.ts';

/**
 * Revokes grants and every token chained from them, and says so in the same transaction
 * (`auth.token.revoked`, through the outbox, one per grant even when none of its tokens was live):
 * gateways drop cached answers at once, and the webhook service stops the grant's webhooks.
 * Returns how many grants were live.
 */
export async function revokeGrants(em: EntityManager, grantIds: readonly number[]): Promise<number> {
  if (grantIds.length === 0) return 0;
  return em.transactional(async (tx) => {
    const grants = await findLiveGrants(tx, grantIds);
    if (grants.length === 0) return 0;
    const now = new Date();
    const live = await findLiveTokensOfGrants(
      tx,
      grants.map((grant) => grant.id),
    );
    for (const grant of grants) grant.revokedAt = now;
    for (const token of live) token.revokedAt = now;
    const apps = await findAppsByIds(
      tx,
      grants.map((grant) => grant.appId),
    );
    for (const grant of grants) {
      const digests = live.filter((token) => token.grantId === grant.id).map((token) => token.tokenDigest);
      const app = apps.find((candidate) => candidate.id === grant.appId);
      const consent = grantCredential(grant.id);
      const source = app ? appSource(app.clientId) : '';
      enqueueEvents(tx, [tokenRevoked(digests[0] ?? consent, digests, { designerId: grant.designerId, source }, [consent])]);
    }
    return grants.length;
  });
}

/**
 * A code or refresh token presented again is treated as theft: the grant it belongs to is revoked
 * (RFC 9700 §4.14), and the log says so when it was still live.
 */
export async function revokeReusedGrant(em: EntityManager, logger: Logger, grantId: number | null, what: string): Promise<void> {
  if (grantId === null) return;
  const revoked = await revokeGrants(em, [grantId]);
  if (revoked > 0) logger.warn({ grantId }, `${what} presented twice: grant revoked`);
}
