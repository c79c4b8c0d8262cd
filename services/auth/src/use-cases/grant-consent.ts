import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import type { AuthorizeRequest } from '../domain/authorize-request.ts';
import { consentAnswer } from '../domain/consent.ts';
import { CODE_LIFETIME_SECONDS } from '../domain/lifetimes.ts';
import { newToken } from '../domain/secrets.ts';
import { AuthorizationCode } from '../store/entities/authorization-code.ts';

export interface Consent {
  appId: number;
  designerId: number;
  /** The checked authorization request the consent page showed. */
  request: AuthorizeRequest;
  /** Allow (true) or Deny. */
  approved: boolean;
  /** The scopes left ticked on the page. */
  ticked: readonly string[];
}

/**
 * `POST /oauth/authorize`: the designer's answer on the consent page. Approval of at least one
 * scope issues a single-use code for the ticked scopes (only its digest is stored); anything else
 * is a denial, described for the app.
 */
export async function grantConsent(em: EntityManager, consent: Consent): Promise<{ code: string } | { denied: string }> {
  const answer = consentAnswer(consent.request, consent.approved, consent.ticked);
  if ('denied' in answer) return answer;
  const { request } = consent;
  const code = newToken('code');
  em.create(AuthorizationCode, {
    codeDigest: tokenDigest(code),
    appId: consent.appId,
    designerId: consent.designerId,
    scopes: answer.granted,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: 'S256',
    expiresAt: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    usedAt: null,
    grantId: null,
  });
  await em.flush();
  return { code };
}
