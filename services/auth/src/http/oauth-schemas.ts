import { withAnswerExample } from '@boardsync/kit/contract';
import { SCOPE_NAMES } from '@boardsync/kit';
import { z } from 'zod';

const scopeList = z.string().describe(`Space-separated scopes: ${SCOPE_NAMES.join(', ')}.`);

/** Step 1 of the OAuth flow (docs/rules.md "Authentication and scopes"): what `checkAuthorizeRequest` reads. */
export const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).describe('The app’s client_id, shown when it was registered (16 characters of base64url).'),
  redirect_uri: z.string().describe('Exactly one of the app’s registered redirect URIs.'),
  scope: scopeList,
  state: z.string().optional().describe('Any value: returned unchanged with the code; check it (anti-CSRF).'),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('base64url (no padding) of the SHA-256 of the code verifier: required of every app.'),
  code_challenge_method: z.literal('S256'),
});

/** The consent page's own form, posted back to `/oauth/authorize`: the request's parameters, the page's CSRF token, and the answer. */
export const consentForm = authorizeQuery.extend({
  csrf: z.string().describe('The token the consent page carries: bound to the browser session that loaded it.'),
  decision: z.enum(['approve', 'deny']),
  grant: z.array(z.enum(SCOPE_NAMES)).optional().describe('The scopes left ticked: a subset of `scope`.'),
});

const clientFields = {
  client_id: z.string().optional().describe('The app’s client_id, unless sent in HTTP Basic.'),
  client_secret: z.string().optional().describe('A confidential app’s secret, unless sent in HTTP Basic; public apps omit it.'),
};

/** Steps 2 and 3 of the OAuth flow (docs/rules.md "Authentication and scopes"): the two grants the token endpoint (oauth2-server) accepts. */
export const tokenForm = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().describe('The code from the redirect: single-use, valid 10 minutes.'),
    redirect_uri: z.string().describe('The redirect_uri the authorization request used.'),
    code_verifier: z.string().min(43).max(128).describe('The PKCE verifier whose challenge the authorization request sent.'),
    ...clientFields,
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().describe('The refresh token; it is rotated: use the new one from the answer.'),
    scope: scopeList.optional().describe('A subset of the granted scopes; omitted, all of them.'),
    ...clientFields,
  }),
]);

export const tokenBody = withAnswerExample(
  z.object({
    access_token: z.string().describe('`bsa_…`: the bearer token for /api/v1, valid for `expires_in` seconds.'),
    token_type: z.string().describe('`Bearer`.'),
    expires_in: z.int().describe('3600: access tokens last one hour.'),
    refresh_token: z.string().describe('`bsr_…`: valid 30 days, replaced by each refresh.'),
    scope: z.string().describe('The scopes granted, space-separated.'),
  }),
  {
    access_token: 'bsa_Qm9hcmRzeW5jIGFjY2Vzcw',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'bsr_8xLOxBtZp8Wn2kYq',
    scope: 'projects:read components:read components:write',
  },
);

/** RFC 7009 §2.1. */
export const revokeForm = z.object({
  token: z.string().min(1).describe('An access or refresh token the calling app was issued.'),
  token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
  ...clientFields,
});

/** RFC 6749 §5.2: the OAuth endpoints' own error shape (not problem+json). */
export const oauthErrorBody = withAnswerExample(
  z.object({
    error: z.string().describe('`invalid_request`, `invalid_client`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`, `temporarily_unavailable`, …'),
    error_description: z.string().optional(),
  }),
  { error: 'invalid_grant', error_description: 'The refresh token is unknown, expired, revoked or was issued to another app.' },
);

/** RFC 8414 §2, as `serverMetadataRouter` answers it. */
export const serverMetadataBody = withAnswerExample(
  z.object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string(),
    scopes_supported: z.array(z.enum(SCOPE_NAMES)),
    response_types_supported: z.array(z.literal('code')),
    response_modes_supported: z.array(z.literal('query')),
    grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
    code_challenge_methods_supported: z.array(z.literal('S256')),
    token_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_basic', 'client_secret_post', 'none'])),
    revocation_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_basic', 'client_secret_post', 'none'])),
  }),
  {
    issuer: 'https://boardsync.example',
    authorization_endpoint: 'https://boardsync.example/oauth/authorize',
    token_endpoint: 'https://boardsync.example/oauth/token',
    revocation_endpoint: 'https://boardsync.example/oauth/revoke',
    scopes_supported: ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
  },
);

export type ServerMetadataBody = z.infer<typeof serverMetadataBody>;
