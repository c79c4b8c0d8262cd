import type { EntityManager } from '@mikro-orm/core';
import { PersonalToken } from './entities/personal-token.ts';

/** A token by id, revoked or not; only among the designer's own when one is named. */
export async function findPersonalToken(em: EntityManager, id: number, designerId?: number): Promise<PersonalToken | null> {
  return em.findOne(PersonalToken, designerId === undefined ? { id } : { id, designerId });
}

export async function listPersonalTokens(em: EntityManager, designerId: number): Promise<PersonalToken[]> {
  return em.find(PersonalToken, { designerId, revokedAt: null }, { orderBy: { id: 'asc' } });
}

/** The designer's tokens among these ids, revoked or not (to name what they registered). */
export async function findPersonalTokensByIds(em: EntityManager, designerId: number, ids: readonly number[]): Promise<PersonalToken[]> {
  return ids.length === 0 ? [] : em.find(PersonalToken, { designerId, id: { $in: [...new Set(ids)] } });
}
