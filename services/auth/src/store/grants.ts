import type { EntityManager } from '@mikro-orm/core';
import { enqueueEvents, eventMessage } from '@boardsync/kit';
import { OAuthApp } from './entities/oauth-app.ts';
import { OAuthGrant } from './entities/oauth-grant.ts';
import { OAuthToken } from './entities/oauth-token.ts';
import { appSource } from './apps.ts';

/**
 * Revokes grants and every token chained from them, and tells the gateways in the same
 * transaction (`auth.token.revoked`, through the outbox) so cached answers die at once.
 * Returns how many grants were live.
 */
export async function revokeGrants(em: EntityManager, grantIds: readonly number[]): Promise<number> {
  if (grantIds.length === 0) return 0;
  return em.transactional(async (tx) => {
    const grants = await tx.find(OAuthGrant, { id: { $in: [...grantIds] }, revokedAt: null });
    if (grants.length === 0) return 0;
    const now = new Date();
    const live = await tx.find(OAuthToken, { grantId: { $in: grants.map((grant) => grant.id) }, revokedAt: null });
    for (const grant of grants) grant.revokedAt = now;
    for (const token of live) token.revokedAt = now;
    const apps = await tx.find(OAuthApp, { id: { $in: [...new Set(grants.map((grant) => grant.appId))] } });
    for (const grant of grants) {
      const digests = live.filter((token) => token.grantId === grant.id).map((token) => token.tokenDigest);
      const app = apps.find((candidate) => candidate.id === grant.appId);
      if (digests.length === 0 || !app) continue;
      enqueueEvents(tx, [
        eventMessage(
          digests[0] ?? String(grant.id),
          { $case: 'tokenRevoked', value: { tokenHashes: digests } },
          { designerId: grant.designerId, source: appSource(app.clientId) },
        ),
      ]);
    }
    return grants.length;
  });
}

/** Revokes one access token alone (RFC 7009 for an access token; its grant and refresh token live on). */
export async function revokeAccessToken(em: EntityManager, token: OAuthToken, grant: OAuthGrant, app: OAuthApp): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await tx.findOne(OAuthToken, { id: token.id, revokedAt: null });
    if (!row) return;
    row.revokedAt = new Date();
    enqueueEvents(tx, [
      eventMessage(
        row.tokenDigest,
        { $case: 'tokenRevoked', value: { tokenHashes: [row.tokenDigest] } },
        { designerId: grant.designerId, source: appSource(app.clientId) },
      ),
    ]);
  });
}

export interface ConnectedApp {
  app: OAuthApp;
  scopes: string[];
  since: Date;
  grantIds: number[];
}

/** The apps a designer has let in, one entry per app (its live grants merged). */
export async function connectedApps(em: EntityManager, designerId: number): Promise<ConnectedApp[]> {
  const grants = await em.find(OAuthGrant, { designerId, revokedAt: null }, { orderBy: { id: 'asc' } });
  if (grants.length === 0) return [];
  const apps = await em.find(OAuthApp, { id: { $in: [...new Set(grants.map((grant) => grant.appId))] } });
  const byApp = new Map<number, ConnectedApp>();
  for (const grant of grants) {
    const app = apps.find((candidate) => candidate.id === grant.appId);
    if (!app) continue;
    const entry = byApp.get(app.id) ?? { app, scopes: [], since: grant.createdAt, grantIds: [] };
    entry.scopes = [...new Set([...entry.scopes, ...grant.scopes])];
    entry.grantIds.push(grant.id);
    byApp.set(app.id, entry);
  }
  return [...byApp.values()];
}

/** Disconnects an app from a designer's account: all its grants there go. */
export async function disconnectApp(em: EntityManager, designerId: number, appId: number): Promise<number> {
  const grants = await em.find(OAuthGrant, { designerId, appId, revokedAt: null });
  return revokeGrants(
    em,
    grants.map((grant) => grant.id),
  );
}
