import { normalizeScopes, type Scope } from './scopes.ts';

/** The parameters of step 1 (docs/rules.md "Authentication and scopes"), as received in the query or in the consent form. */
export interface AuthorizeParams {
  client_id?: unknown;
  redirect_uri?: unknown;
  response_type?: unknown;
  scope?: unknown;
  state?: unknown;
  code_challenge?: unknown;
  code_challenge_method?: unknown;
}

export interface AuthorizeClient {
  redirectUris: readonly string[];
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string;
}

/** An error that must not be sent to the redirect URI (RFC 6749 §4.1.2.1): shown to the person instead. */
export interface PageError {
  kind: 'page';
  message: string;
}

/** An error reported back to the app at its (verified) redirect URI. */
export interface RedirectError {
  kind: 'redirect';
  redirectUri: string;
  state: string | undefined;
  error: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'access_denied';
  description: string;
}

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function clientIdOf(params: AuthorizeParams): string | undefined {
  return text(params.client_id);
}

/**
 * Checks an authorization request against the app it names. The redirect URI is checked first
 * and exactly: until it is known to be the app's, errors go to the page, never to the URI.
 */
export function checkAuthorizeRequest(params: AuthorizeParams, client: AuthorizeClient | null): AuthorizeRequest | PageError | RedirectError {
  const clientId = text(params.client_id);
  if (!clientId || !client) return { kind: 'page', message: 'This link names an app that is not registered (unknown client_id).' };
  const redirectUri = text(params.redirect_uri);
  if (!redirectUri) return { kind: 'page', message: 'The app did not say where to send you back (redirect_uri is missing).' };
  if (!client.redirectUris.includes(redirectUri)) {
    return { kind: 'page', message: 'The app asked to send you back to an address it has not registered (redirect_uri mismatch).' };
  }
  const state = text(params.state);
  const fail = (error: RedirectError['error'], description: string): RedirectError => ({ kind: 'redirect', redirectUri, state, error, description });

  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be "code".');
  const codeChallenge = text(params.code_challenge);
  const method = text(params.code_challenge_method);
  // Every app, confidential ones too (OAuth 2.1; RFC 9700 §2.1.1): a stolen code is useless without the verifier.
  if (codeChallenge === undefined) return fail('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256.');
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
  if (!PKCE_CHALLENGE.test(codeChallenge)) return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');
  const { scopes, unknown } = normalizeScopes(typeof params.scope === 'string' ? params.scope : '');
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope(s): ${unknown.join(' ')}.`);
  if (scopes.length === 0) return fail('invalid_scope', 'Request at least one scope.');
  return { clientId, redirectUri, scopes, state, codeChallenge };
}

/** The app's redirect URI with the answer's parameters added (its own query is kept). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
