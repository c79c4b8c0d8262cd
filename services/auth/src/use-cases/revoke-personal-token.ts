import type { EntityManager } from '@mikro-orm/core';
import { Problem, enqueueEvents } from '@boardsync/kit';
import { PERSONAL_SOURCE } from '../domain/sources.ts';
import { tokenRevoked } from '../domain/auth-events.ts';
import { personalTokenCredential } from '../domain/credentials.ts';
import type { PersonalToken } from '../store/entities/personal-token.ts';
import { findPersonalToken } from '../store/personal-tokens.ts';

/**
 * `DELETE /admin/tokens/:id` and the settings page (a designer's own tokens only, `designerId`
 * given). Revokes in the same transaction as the `auth.token.revoked` event, so every gateway
 * hears of it and the webhook service stops what the token registered; revoking twice changes nothing.
 */
export async function revokePersonalToken(em: EntityManager, id: number, designerId?: number): Promise<PersonalToken> {
  return em.transactional(async (tx) => {
    const record = await findPersonalToken(tx, id, designerId);
    if (!record) throw Problem.notFound('token');
    if (!record.revokedAt) {
      record.revokedAt = new Date();
      const origin = { designerId: record.designerId, source: PERSONAL_SOURCE };
      enqueueEvents(tx, [tokenRevoked(record.tokenDigest, [record.tokenDigest], origin, [personalTokenCredential(record.id)])]);
    }
    return record;
  });
}
