import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import type { OAuthApp } from './entities/oauth-app.ts';
import { OAuthGrant } from './entities/oauth-grant.ts';
import { OAuthToken, type OAuthTokenKind } from './entities/oauth-token.ts';
import { findLiveGrantWithApp } from './grants.ts';

export interface LiveAccessToken {
  token: OAuthToken;
  grant: OAuthGrant;
  app: OAuthApp;
}

/** A token to store: its plain value (only the digest is kept) and when it expires. */
export interface NewOAuthToken {
  kind: OAuthTokenKind;
  value: string;
  expiresAt: Date;
}

async function tokenOfLiveGrant(em: EntityManager, where: FilterQuery<OAuthToken>): Promise<LiveAccessToken | null> {
  const token = await em.findOne(OAuthToken, where);
  const live = token ? await findLiveGrantWithApp(em, token.grantId) : null;
  return token && live ? { token, ...live } : null;
}

/** An unrevoked OAuth access token of a live grant, expired or not (oauth2-server checks the expiry itself). */
export async function findAccessToken(em: EntityManager, value: string): Promise<LiveAccessToken | null> {
  return tokenOfLiveGrant(em, { tokenDigest: tokenDigest(value), kind: 'access', revokedAt: null });
}

/** A refresh token by its plain value, in whatever state. */
export async function findRefreshToken(em: EntityManager, value: string): Promise<OAuthToken | null> {
  return em.findOne(OAuthToken, { tokenDigest: tokenDigest(value), kind: 'refresh' });
}

/** Any OAuth token (access or refresh) of the given app, live or not, by its plain value. */
export async function findAppToken(em: EntityManager, value: string, appId: number): Promise<{ token: OAuthToken; grant: OAuthGrant } | null> {
  const token = await em.findOne(OAuthToken, { tokenDigest: tokenDigest(value) });
  if (!token) return null;
  const grant = await em.findOne(OAuthGrant, { id: token.grantId, appId });
  return grant ? { token, grant } : null;
}

export async function findLiveToken(em: EntityManager, id: number): Promise<OAuthToken | null> {
  return em.findOne(OAuthToken, { id, revokedAt: null });
}

/** The unrevoked tokens chained from these grants. */
export async function findLiveTokensOfGrants(em: EntityManager, grantIds: readonly number[]): Promise<OAuthToken[]> {
  return em.find(OAuthToken, { grantId: { $in: [...grantIds] }, revokedAt: null });
}

/** Marks a refresh token spent, atomically: false when it was spent or revoked already (a twin request got there first). */
export async function markRefreshTokenRotated(em: EntityManager, id: number): Promise<boolean> {
  const spent = await em.nativeUpdate(OAuthToken, { id, rotatedAt: null, revokedAt: null }, { rotatedAt: new Date() });
  return spent === 1;
}

/** New tokens of a grant, written with the caller's flush (its transaction). */
export function addTokens(em: EntityManager, grantId: number, scopes: string[], tokens: readonly NewOAuthToken[]): void {
  for (const token of tokens) {
    em.create(OAuthToken, {
      grantId,
      kind: token.kind,
      tokenDigest: tokenDigest(token.value),
      scopes,
      expiresAt: token.expiresAt,
      rotatedAt: null,
      revokedAt: null,
    });
  }
}
