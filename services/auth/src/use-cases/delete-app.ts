import type { EntityManager } from '@mikro-orm/core';
import { Problem } from '@boardsync/kit';
import { OAuthApp } from '../store/entities/oauth-app.ts';
import { findApp } from '../store/apps.ts';
import { findLiveGrantsOfAnyDesigner } from '../store/grants.ts';
import { revokeGrants } from './revoke-grants.ts';

/**
 * `DELETE /admin/apps/{client_id}`: the app is gone for every designer. Its grants are revoked first,
 * in the same transaction, so their revocations are announced as any other (gateways drop cached
 * tokens, the webhook service stops what the grants registered); then the app, its grants and
 * tokens are deleted. Returns how many grants were live.
 */
export async function deleteApp(em: EntityManager, clientId: string): Promise<number> {
  return em.transactional(async (tx) => {
    const app = await findApp(tx, clientId);
    if (!app) throw Problem.notFound('app');
    const grants = await findLiveGrantsOfAnyDesigner(tx, app.id);
    const revoked = await revokeGrants(
      tx,
      grants.map((grant) => grant.id),
    );
    await tx.nativeDelete(OAuthApp, { id: app.id });
    return revoked;
  });
}
