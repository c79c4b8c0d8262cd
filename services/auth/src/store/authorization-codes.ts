import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import type { Scope } from '../domain/scopes.ts';
import { newToken } from '../domain/secrets.ts';
import { AuthorizationCode } from './entities/authorization-code.ts';

/** RFC 6749 §4.1.2 recommends at most ten minutes; a tool exchanges a code within seconds. */
export const CODE_LIFETIME_SECONDS = 60;

export interface NewCode {
  appId: number;
  designerId: number;
  scopes: Scope[];
  redirectUri: string;
  codeChallenge: string | undefined;
}

/** Issues a code after consent; only its digest is stored. */
export async function issueAuthorizationCode(em: EntityManager, input: NewCode): Promise<string> {
  const code = newToken('code');
  em.create(AuthorizationCode, {
    codeDigest: tokenDigest(code),
    appId: input.appId,
    designerId: input.designerId,
    scopes: input.scopes,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge ?? null,
    codeChallengeMethod: input.codeChallenge === undefined ? null : 'S256',
    expiresAt: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    usedAt: null,
    grantId: null,
  });
  await em.flush();
  return code;
}

/** Marks a code used, atomically: false when another exchange got there first. */
export async function consumeAuthorizationCode(em: EntityManager, id: number): Promise<boolean> {
  const changed = await em.nativeUpdate(AuthorizationCode, { id, usedAt: null }, { usedAt: new Date() });
  return changed === 1;
}
