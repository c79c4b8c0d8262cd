import type { EntityManager } from '@mikro-orm/core';
import { Problem, tokenDigest } from '@boardsync/kit';
import type { Scope } from '../domain/scopes.ts';
import { newToken } from '../domain/secrets.ts';
import { findDesigner } from '../store/designers.ts';
import { PersonalToken } from '../store/entities/personal-token.ts';

/**
 * `POST /admin/tokens` and the settings page: a personal access token of a designer. The plain
 * token is returned here once and never stored.
 */
export async function issuePersonalToken(
  em: EntityManager,
  designerId: number,
  scopes: Scope[],
  name: string,
): Promise<{ token: string; record: PersonalToken }> {
  if (!(await findDesigner(em, designerId))) throw Problem.notFound('designer');
  const token = newToken('personal');
  const record = em.create(PersonalToken, { designerId, name, tokenDigest: tokenDigest(token), scopes, revokedAt: null });
  await em.flush();
  return { token, record };
}
