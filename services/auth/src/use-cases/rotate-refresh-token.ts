import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@boardsync/kit';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import type { OAuthGrant } from '../store/entities/oauth-grant.ts';
import type { OAuthToken } from '../store/entities/oauth-token.ts';
import { findLiveGrant, findLiveGrantWithApp } from '../store/grants.ts';
import { addTokens, findRefreshToken, markRefreshTokenRotated, type NewOAuthToken } from '../store/oauth-tokens.ts';
import { revokeReusedGrant } from './revoke-grants.ts';

/*
 * `POST /oauth/token` with `grant_type=refresh_token`, in the steps oauth2-server takes: look the
 * refresh token up, spend it, then store the new pair in the same grant. Every refresh spends the
 * token; presenting a spent one again is reuse and revokes the whole grant.
 */

/** The live refresh token presented, with its grant and app; null otherwise. A spent one revokes its grant. */
export async function findRefreshTokenToRotate(
  em: EntityManager,
  logger: Logger,
  value: string,
): Promise<{ token: OAuthToken; grant: OAuthGrant; app: OAuthApp } | null> {
  const token = await findRefreshToken(em, value);
  if (!token || token.revokedAt) return null;
  if (token.rotatedAt) {
    await revokeReusedGrant(em, logger, token.grantId, 'refresh token');
    return null;
  }
  const live = await findLiveGrantWithApp(em, token.grantId);
  return live ? { token, ...live } : null;
}

/** Rotation: the presented refresh token is spent. Losing the race to a twin request is reuse too. */
export async function spendRefreshToken(em: EntityManager, logger: Logger, tokenId: number, grantId: number | null): Promise<boolean> {
  if (await markRefreshTokenRotated(em, tokenId)) return true;
  await revokeReusedGrant(em, logger, grantId, 'refresh token');
  return false;
}

/** One transaction: the new tokens of a grant that is still live. Null when it has been revoked meanwhile. */
export async function continueGrant(em: EntityManager, grantId: number, scopes: string[], tokens: readonly NewOAuthToken[]): Promise<number | null> {
  return em.transactional(async (tx) => {
    if (!(await findLiveGrant(tx, grantId))) return null;
    addTokens(tx, grantId, scopes, tokens);
    return grantId;
  });
}
