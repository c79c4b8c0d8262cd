import { describe, expect, it } from '@jest/globals';
import { checkAuthorizeRequest, redirectWith } from '../authorize-request.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const app = { redirectUris: ['https://tool.example/cb', 'http://127.0.0.1:7777/cb'] };
const good = {
  client_id: 'abc',
  redirect_uri: 'https://tool.example/cb',
  response_type: 'code',
  scope: 'components:write projects:read',
  state: 's1',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

describe('checkAuthorizeRequest', () => {
  it('accepts a complete request and orders scopes canonically', () => {
    expect(checkAuthorizeRequest(good, app)).toEqual({
      clientId: 'abc',
      redirectUri: 'https://tool.example/cb',
      scopes: ['projects:read', 'components:write'],
      state: 's1',
      codeChallenge: CHALLENGE,
    });
  });

  it.each([
    ['an unknown app', good, null],
    ['a missing redirect_uri', { ...good, redirect_uri: undefined }, app],
    ['a redirect_uri that only starts like a registered one', { ...good, redirect_uri: 'https://tool.example/cb/../evil' }, app],
    ['a redirect_uri with an extra query', { ...good, redirect_uri: 'https://tool.example/cb?x=1' }, app],
  ])('shows %s on the page instead of redirecting', (_name, params, client) => {
    expect(checkAuthorizeRequest(params, client)).toMatchObject({ kind: 'page' });
  });

  it.each([
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['no PKCE (from any app, confidential ones too)', { code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a challenge without a method', { code_challenge_method: undefined }, 'invalid_request'],
    ['a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['an unknown scope', { scope: 'projects:read billing:write' }, 'invalid_scope'],
    ['no scope', { scope: '' }, 'invalid_scope'],
  ])('redirects %s as an error with the state', (_name, change, error) => {
    expect(checkAuthorizeRequest({ ...good, ...change }, app)).toMatchObject({ kind: 'redirect', error, state: 's1', redirectUri: 'https://tool.example/cb' });
  });
});

describe('redirectWith', () => {
  it("keeps the redirect URI's own query and adds the answer", () => {
    expect(redirectWith('https://tool.example/cb?tenant=7', { code: 'c 1', state: undefined })).toBe('https://tool.example/cb?tenant=7&code=c+1');
  });
});
