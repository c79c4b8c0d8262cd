import type { EntityManager } from '@mikro-orm/core';
import type { OAuthApp } from './entities/oauth-app.ts';
import { OAuthGrant } from './entities/oauth-grant.ts';
import { findAppById, findAppsByIds } from './apps.ts';

export async function findLiveGrant(em: EntityManager, id: number): Promise<OAuthGrant | null> {
  return em.findOne(OAuthGrant, { id, revokedAt: null });
}

/** An unrevoked grant and its app, or null. */
export async function findLiveGrantWithApp(em: EntityManager, id: number): Promise<{ grant: OAuthGrant; app: OAuthApp } | null> {
  const grant = await findLiveGrant(em, id);
  const app = grant ? await findAppById(em, grant.appId) : null;
  return grant && app ? { grant, app } : null;
}

/** The unrevoked ones among these grants. */
export async function findLiveGrants(em: EntityManager, ids: readonly number[]): Promise<OAuthGrant[]> {
  return em.find(OAuthGrant, { id: { $in: [...ids] }, revokedAt: null });
}

/** A designer's unrevoked grants to one app. */
export async function findLiveGrantsOfApp(em: EntityManager, designerId: number, appId: number): Promise<OAuthGrant[]> {
  return em.find(OAuthGrant, { designerId, appId, revokedAt: null });
}

/** Every designer's unrevoked grants to one app. */
export async function findLiveGrantsOfAnyDesigner(em: EntityManager, appId: number): Promise<OAuthGrant[]> {
  return em.find(OAuthGrant, { appId, revokedAt: null });
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
  const apps = await findAppsByIds(
    em,
    grants.map((grant) => grant.appId),
  );
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
