import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import { OAuthApp } from './entities/oauth-app.ts';
import { OAuthGrant } from './entities/oauth-grant.ts';
import { OAuthToken } from './entities/oauth-token.ts';

export interface LiveAccessToken {
  token: OAuthToken;
  grant: OAuthGrant;
  app: OAuthApp;
}

/** An unexpired, unrevoked OAuth access token of a live grant, or null. */
export async function findLiveAccessToken(em: EntityManager, bearer: string): Promise<LiveAccessToken | null> {
  const token = await em.findOne(OAuthToken, { tokenDigest: tokenDigest(bearer), kind: 'access', revokedAt: null, expiresAt: { $gt: new Date() } });
  if (!token) return null;
  const grant = await em.findOne(OAuthGrant, { id: token.grantId, revokedAt: null });
  if (!grant) return null;
  const app = await em.findOne(OAuthApp, { id: grant.appId });
  return app ? { token, grant, app } : null;
}

/** Any OAuth token (access or refresh) of the given app, live or not, by its plain value. */
export async function findAppToken(em: EntityManager, value: string, appId: number): Promise<{ token: OAuthToken; grant: OAuthGrant } | null> {
  const token = await em.findOne(OAuthToken, { tokenDigest: tokenDigest(value) });
  if (!token) return null;
  const grant = await em.findOne(OAuthGrant, { id: token.grantId, appId });
  return grant ? { token, grant } : null;
}
