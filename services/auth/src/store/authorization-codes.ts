import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import { AuthorizationCode } from './entities/authorization-code.ts';

/** A code by its plain value, used or not. */
export async function findAuthorizationCode(em: EntityManager, code: string): Promise<AuthorizationCode | null> {
  return em.findOne(AuthorizationCode, { codeDigest: tokenDigest(code) });
}

/** Marks a code used, atomically: false when another exchange got there first. */
export async function consumeAuthorizationCode(em: EntityManager, id: number): Promise<boolean> {
  const changed = await em.nativeUpdate(AuthorizationCode, { id, usedAt: null }, { usedAt: new Date() });
  return changed === 1;
}

/** Records the grant a code bought, so a replay of the code can revoke it. */
export async function linkCodeToGrant(em: EntityManager, codeId: number, grantId: number): Promise<void> {
  await em.nativeUpdate(AuthorizationCode, { id: codeId }, { grantId });
}
