import type { EntityManager } from '@mikro-orm/sql';
import { appCredential, grantCredential, parseCredential, personalTokenCredential } from '../domain/credentials.ts';
import { standingConsents } from '../store/consents.ts';

/**
 * Which of the named credentials (domain/credentials.ts) still stand for this designer: what the
 * webhook service asks before it sends a designer's data to what a credential registered. A name
 * that names no consent stands for nothing.
 */
export async function checkConsents(em: EntityManager, designerId: number, names: readonly string[]): Promise<string[]> {
  const personalTokenIds: number[] = [];
  const grantIds: number[] = [];
  const clientIds: string[] = [];
  let anyPersonalToken = false;
  for (const name of names) {
    const credential = parseCredential(name);
    if (credential?.kind === 'personal-token') personalTokenIds.push(credential.id);
    else if (credential?.kind === 'grant') grantIds.push(credential.id);
    else if (credential?.kind === 'app') clientIds.push(credential.clientId);
    else if (credential?.kind === 'any-personal-token') anyPersonalToken = true;
  }
  const standing = await standingConsents(em, designerId, { personalTokenIds, grantIds, clientIds, anyPersonalToken });
  return [
    ...standing.personalTokenIds.map(personalTokenCredential),
    ...standing.grantIds.map(grantCredential),
    ...standing.clientIds.map(appCredential),
    ...(standing.anyPersonalToken ? ['pat:*'] : []),
  ];
}
