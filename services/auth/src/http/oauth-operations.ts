import { withExample, type OutsideApiOperation } from '@boardsync/kit/contract';
import { z } from 'zod';
import { authorizeQuery, consentForm, oauthErrorBody, revokeForm, serverMetadataBody, tokenBody, tokenForm } from './oauth-schemas.ts';

/** An app's client_id in the examples. */
const CLIENT_ID = 'kY3bTq9V0sWmXo2L';

const oauthError = (description: string, headers?: Record<string, string>) => ({
  description,
  schema: oauthErrorBody,
  mediaType: 'application/json',
  ...(headers ? { headers } : {}),
});
const html = z.string().describe('An HTML page.');

/** The OAuth endpoints of docs/rules.md "Authentication and scopes", with RFC 7009 revocation and RFC 8414 metadata: what a tool's OAuth library calls. */
export const oauthOperations: OutsideApiOperation[] = [
  {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    operationId: 'getAuthorizationServerMetadata',
    summary: 'Authorization-server metadata (RFC 8414): every OAuth endpoint and what it supports',
    tags: ['OAuth'],
    access: 'anonymous',
    responses: { 200: { description: 'The metadata; cacheable for an hour.', schema: serverMetadataBody } },
  },
  {
    method: 'GET',
    path: '/oauth/authorize',
    operationId: 'authorize',
    summary: 'Step 1: send the designer here to sign in and consent',
    description:
      'A browser page, not an API call. Signed in, the designer sees the consent page; approving redirects to `redirect_uri` with `code` and `state`, refusing with `error=access_denied`. An unknown app or redirect URI is shown on the page and never redirected.',
    tags: ['OAuth'],
    access: 'browser',
    query: authorizeQuery,
    responses: {
      200: { description: 'The consent page.', schema: html, mediaType: 'text/html' },
      302: {
        description: 'To the sign-in page first, or back to the app with `code` (or `error`) and `state`.',
        headers: { Location: 'Where the browser goes next.' },
      },
      400: { description: 'An unknown client_id or redirect_uri: an error page, never a redirect.', schema: html, mediaType: 'text/html' },
    },
  },
  {
    method: 'POST',
    path: '/oauth/authorize',
    operationId: 'submitConsent',
    summary: 'The consent page’s answer (the page posts it; a tool never does)',
    description:
      'Approved, redirects to `redirect_uri` with `code` and `state`; denied, with `error=access_denied`. Only a form from the consent page of the same browser session is taken.',
    tags: ['OAuth'],
    access: 'browser',
    body: withExample(consentForm, {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      scope: 'projects:read components:write',
      state: 'af0ifjsldkj',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      csrf: '(the token of the consent page)',
      decision: 'approve',
      grant: ['projects:read', 'components:write'],
    }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      302: {
        description: 'Back to the app with `code` (or `error`) and `state`, or to the sign-in page.',
        headers: { Location: 'Where the browser goes next.' },
      },
      400: { description: 'An unknown client_id or redirect_uri: an error page.', schema: html, mediaType: 'text/html' },
      403: { description: 'The form did not come from this browser session’s consent page: an error page.', schema: html, mediaType: 'text/html' },
    },
  },
  {
    method: 'POST',
    path: '/oauth/token',
    operationId: 'exchangeToken',
    summary: 'Steps 2 and 3: exchange a code (with its PKCE verifier) or a refresh token for tokens',
    tags: ['OAuth'],
    access: 'client',
    body: withExample(tokenForm, {
      grant_type: 'authorization_code',
      code: 'bsc_SplxlOBeZQQYbYS6WxSbIA',
      redirect_uri: 'http://127.0.0.1:53682/callback',
      // RFC 7636 appendix B: the verifier of the challenge the authorization request sent.
      code_verifier: 'dBjftJeZ4CVP-mJ92K9oh3f7qtwOf8-mr4ZwsRz0kqk',
      client_id: CLIENT_ID,
    }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      200: {
        description: 'New tokens. A code works once: a second use revokes every token it gave.',
        schema: tokenBody,
        headers: { 'Cache-Control': '`no-store`.' },
      },
      400: oauthError('The request, grant or scope was refused (`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`).'),
      401: oauthError('Client authentication failed (`invalid_client`); with `WWW-Authenticate` when HTTP Basic was used.', {
        'WWW-Authenticate': '`Basic realm="boardsync"` when HTTP Basic was used.',
      }),
      429: oauthError('Too many failed token requests from this client or address (`temporarily_unavailable`).', { 'Retry-After': 'Seconds to wait.' }),
      500: oauthError('The authorization server failed (`server_error`, with no detail: it is logged); retry later.'),
    },
  },
  {
    method: 'POST',
    path: '/oauth/revoke',
    operationId: 'revokeToken',
    summary: 'Revoke an access or refresh token the app holds (RFC 7009); the grant’s other tokens go with it',
    tags: ['OAuth'],
    access: 'client',
    body: withExample(revokeForm, { token: 'bsr_8xLOxBtZp8', token_type_hint: 'refresh_token', client_id: CLIENT_ID }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      200: { description: 'Revoked, or was not a token of this app: the answer is the same.', schema: z.object({}) },
      400: oauthError('No `token` (`invalid_request`).'),
      401: oauthError('Client authentication failed (`invalid_client`).', { 'WWW-Authenticate': '`Basic realm="boardsync"` when HTTP Basic was used.' }),
    },
  },
];
