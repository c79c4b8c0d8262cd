import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@boardsync/kit';
import { findAppById } from '../store/apps.ts';
import { findAuthorizationCode, linkCodeToGrant } from '../store/authorization-codes.ts';
import type { AuthorizationCode } from '../store/entities/authorization-code.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import { OAuthGrant } from '../store/entities/oauth-grant.ts';
import { addTokens, type NewOAuthToken } from '../store/oauth-tokens.ts';
import { revokeReusedGrant } from './revoke-grants.ts';

/*
 * `POST /oauth/token` with `grant_type=authorization_code`, in the steps oauth2-server takes: look
 * the code up, spend it (`consumeAuthorizationCode`, a conditional update, so of two racing
 * exchanges exactly one wins), then store the grant and its first tokens.
 */

/** The code presented and its app; null when unknown, or when already used: that revokes what it bought. */
export async function findCodeToExchange(em: EntityManager, logger: Logger, code: string): Promise<{ code: AuthorizationCode; app: OAuthApp } | null> {
  const row = await findAuthorizationCode(em, code);
  if (!row) return null;
  if (row.usedAt) {
    await revokeReusedGrant(em, logger, row.grantId ?? null, 'authorization code');
    return null;
  }
  const app = await findAppById(em, row.appId);
  return app ? { code: row, app } : null;
}

export interface GrantFromCode {
  codeId: number;
  appId: number;
  designerId: number;
  scopes: string[];
}

/** One transaction: the new grant, linked to its code (so a replay can revoke it), and its tokens. Returns the grant id. */
export async function grantFromCode(em: EntityManager, input: GrantFromCode, tokens: readonly NewOAuthToken[]): Promise<number> {
  return em.transactional(async (tx) => {
    const grant = tx.create(OAuthGrant, { appId: input.appId, designerId: input.designerId, scopes: input.scopes, revokedAt: null });
    await tx.flush();
    await linkCodeToGrant(tx, input.codeId, grant.id);
    addTokens(tx, grant.id, input.scopes, tokens);
    return grant.id;
  });
}
