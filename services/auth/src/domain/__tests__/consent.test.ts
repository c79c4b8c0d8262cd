import { describe, expect, it } from '@jest/globals';
import type { AuthorizeRequest } from '../authorize-request.ts';
import { consentAnswer, mayAuthorize } from '../consent.ts';

const request: AuthorizeRequest = {
  clientId: 'app',
  redirectUri: 'https://tool.example/cb',
  scopes: ['projects:read', 'components:write'],
  state: undefined,
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
};

describe('consentAnswer', () => {
  it('grants the requested scopes left ticked, never one that was not requested', () => {
    expect(consentAnswer(request, true, ['components:write', 'assets:write'])).toEqual({ granted: ['components:write'] });
  });

  it('denies when every scope was unticked, or on Deny', () => {
    expect(consentAnswer(request, true, [])).toEqual({ denied: 'No scope was allowed.' });
    expect(consentAnswer(request, false, ['projects:read'])).toEqual({ denied: 'The designer denied access.' });
  });
});

describe('mayAuthorize', () => {
  it('lets anyone authorize a reviewed app, and only its developer an unreviewed one', () => {
    expect(mayAuthorize({ reviewed: true, designerId: 1 }, 2)).toBe(true);
    expect(mayAuthorize({ reviewed: false, designerId: 1 }, 1)).toBe(true);
    expect(mayAuthorize({ reviewed: false, designerId: 1 }, 2)).toBe(false);
  });
});
