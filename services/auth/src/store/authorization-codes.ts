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

/**
 * Records the grant a code bought, so a replay of the code can revoke it: false when the code has
 * been presented again meanwhile (the caller then rolls the grant back).
 */
export async function linkCodeToGrant(em: EntityManager, codeId: number, grantId: number): Promise<boolean> {
  const changed = await em.nativeUpdate(AuthorizationCode, { id: codeId, replayedAt: null }, { grantId });
  return changed === 1;
}

/**
 * Notes that a spent code was presented again, and returns the grant it bought, if already stored.
 * The row lock orders this with {@link linkCodeToGrant}: either the link came first and its grant is
 * returned, or it comes after and finds the code replayed.
 */
export async function markCodeReplayed(em: EntityManager, id: number): Promise<number | null> {
  await em.nativeUpdate(AuthorizationCode, { id, replayedAt: null }, { replayedAt: new Date() });
  // Read after the update, which waited for any exchange holding the row: its grant, if it stored one.
  const row = await em.findOne(AuthorizationCode, { id }, { refresh: true });
  return row?.grantId ?? null;
}
