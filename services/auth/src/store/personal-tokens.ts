import type { EntityManager } from '@mikro-orm/core';
import { Problem, enqueueEvents, eventMessage, tokenDigest } from '@boardsync/kit';
import type { Scope } from '../domain/scopes.ts';
import { newToken } from '../domain/secrets.ts';
import { Designer } from './entities/designer.ts';
import { PersonalToken } from './entities/personal-token.ts';

export const PERSONAL_SOURCE = 'api:personal';

/** Creates a token; the plain token is returned here once and never stored. */
export async function createPersonalToken(
  em: EntityManager,
  designerId: number,
  scopes: Scope[],
  name: string,
): Promise<{ token: string; record: PersonalToken }> {
  if (!(await em.findOne(Designer, { id: designerId }))) throw Problem.notFound('designer');
  const token = newToken('personal');
  const record = em.create(PersonalToken, { designerId, name, tokenDigest: tokenDigest(token), scopes, revokedAt: null });
  await em.flush();
  return { token, record };
}

/** Revokes in the same transaction as the `auth.token.revoked` event, so every gateway hears of it. */
export async function revokePersonalToken(em: EntityManager, id: number, designerId?: number): Promise<PersonalToken> {
  return em.transactional(async (tx) => {
    const record = await tx.findOne(PersonalToken, designerId === undefined ? { id } : { id, designerId });
    if (!record) throw Problem.notFound('token');
    if (!record.revokedAt) {
      record.revokedAt = new Date();
      enqueueEvents(tx, [
        eventMessage(
          record.tokenDigest,
          { $case: 'tokenRevoked', value: { tokenHashes: [record.tokenDigest] } },
          { designerId: record.designerId, source: PERSONAL_SOURCE },
        ),
      ]);
    }
    return record;
  });
}

export async function findActivePersonalToken(em: EntityManager, token: string): Promise<PersonalToken | null> {
  return em.findOne(PersonalToken, { tokenDigest: tokenDigest(token), revokedAt: null });
}

export async function listPersonalTokens(em: EntityManager, designerId: number): Promise<PersonalToken[]> {
  return em.find(PersonalToken, { designerId, revokedAt: null }, { orderBy: { id: 'asc' } });
}
