import type { EntityManager } from '@mikro-orm/core';
import { enqueueEvents } from '@boardsync/kit';
import { appSource } from '../domain/sources.ts';
import { tokenRevoked } from '../domain/auth-events.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import { findAppToken, findLiveToken } from '../store/oauth-tokens.ts';
import { revokeGrants } from './revoke-grants.ts';

/**
 * `POST /oauth/revoke` (RFC 7009) by an authenticated app: a refresh token ends its whole grant;
 * an access token ends alone (its grant and refresh token live on). Tokens of other apps, and
 * unknown ones, are left untouched.
 */
export async function revokeAppToken(em: EntityManager, app: OAuthApp, value: string): Promise<void> {
  const found = await findAppToken(em, value, app.id);
  if (!found) return;
  if (found.token.kind === 'refresh') {
    await revokeGrants(em, [found.grant.id]);
    return;
  }
  await em.transactional(async (tx) => {
    const row = await findLiveToken(tx, found.token.id);
    if (!row) return;
    row.revokedAt = new Date();
    enqueueEvents(tx, [tokenRevoked(row.tokenDigest, [row.tokenDigest], { designerId: found.grant.designerId, source: appSource(app.clientId) })]);
  });
}
