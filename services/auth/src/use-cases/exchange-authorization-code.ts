import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@boardsync/kit';
import { findAppById } from '../store/apps.ts';
import { consumeAuthorizationCode, findAuthorizationCode, linkCodeToGrant, markCodeReplayed } from '../store/authorization-codes.ts';
import type { AuthorizationCode } from '../store/entities/authorization-code.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import { OAuthGrant } from '../store/entities/oauth-grant.ts';
import { addTokens, type NewOAuthToken } from '../store/oauth-tokens.ts';
import { revokeReusedGrant } from './revoke-grants.ts';

/*
 * `POST /oauth/token` with `grant_type=authorization_code`, in the steps oauth2-server takes: look
 * the code up, spend it (a conditional update, so of two racing exchanges exactly one wins), then
 * store the grant and its first tokens. Any second presentation of the code, racing or late, marks
 * it replayed and revokes what it bought (RFC 9700 §4.14); an exchange that has not stored its grant
 * yet then stores nothing.
 */

/** A code presented again: whatever it bought is revoked, now or (if still being stored) never granted. */
async function codeReplayed(em: EntityManager, logger: Logger, codeId: number): Promise<void> {
  await revokeReusedGrant(em, logger, await markCodeReplayed(em, codeId), 'authorization code');
}

/** The code presented and its app; null when unknown, or when already used: that revokes what it bought. */
export async function findCodeToExchange(em: EntityManager, logger: Logger, code: string): Promise<{ code: AuthorizationCode; app: OAuthApp } | null> {
  const row = await findAuthorizationCode(em, code);
  if (!row) return null;
  if (row.usedAt) {
    await codeReplayed(em, logger, row.id);
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

/** Spends the code; false when another exchange spent it first, which counts as a replay. */
export async function spendCode(em: EntityManager, logger: Logger, codeId: number): Promise<boolean> {
  if (await consumeAuthorizationCode(em, codeId)) return true;
  await codeReplayed(em, logger, codeId);
  return false;
}

class CodeReplayedMeanwhile extends Error {}

/**
 * One transaction: the new grant, linked to its code (so a replay can revoke it), and its tokens.
 * Returns the grant id, or null (nothing stored) when the code was presented again meanwhile.
 */
export async function grantFromCode(em: EntityManager, input: GrantFromCode, tokens: readonly NewOAuthToken[]): Promise<number | null> {
  try {
    return await em.transactional(async (tx) => {
      const grant = tx.create(OAuthGrant, { appId: input.appId, designerId: input.designerId, scopes: input.scopes, revokedAt: null });
      await tx.flush();
      if (!(await linkCodeToGrant(tx, input.codeId, grant.id))) throw new CodeReplayedMeanwhile();
      addTokens(tx, grant.id, input.scopes, tokens);
      return grant.id;
    });
  } catch (error) {
    if (error instanceof CodeReplayedMeanwhile) return null;
    throw error;
  }
}
