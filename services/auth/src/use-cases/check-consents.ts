import type { EntityManager } from '@mikro-orm/sql';
import { parseCredential, personalTokenCredential, grantCredential } from '../domain/credentials.ts';
import { standingConsents, type ConsentQuestion } from '../store/consents.ts';

/**
 * Which of the named credentials (domain/credentials.ts) still stand for this designer: what the
 * webhook service asks before it sends a designer's data to what a credential registered. A name
 * that names no consent stands for nothing.
 */
export async function checkConsents(em: EntityManager, designerId: number, names: readonly string[]): Promise<string[]> {
  const question: ConsentQuestion & { personalTokenIds: number[]; grantIds: number[]; clientIds: string[] } = {
    personalTokenIds: [],
    grantIds: [],
    clientIds: [],
    anyPersonalToken: false,
  };
  for (const name of names) {
    const credential = parseCredential(name);
    if (credential?.kind === 'personal-token') question.personalTokenIds.push(credential.id);
    else if (credential?.kind === 'grant') question.grantIds.push(credential.id);
    else if (credential?.kind === 'app') question.clientIds.push(credential.clientId);
    else if (credential?.kind === 'any-personal-token') question.anyPersonalToken = true;
  }
  const standing = await standingConsents(em, designerId, question);
  return [
    ...standing.personalTokenIds.map(personalTokenCredential),
    ...standing.grantIds.map(grantCredential),
    ...standing.clientIds.map((clientId) => `app:${clientId}`),
    ...(standing.anyPersonalToken ? ['pat:*'] : []),
  ];
}
