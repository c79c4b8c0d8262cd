import type { TokenSource } from './credentials.ts';
import { OAuthError } from './errors.ts';

/** An app as registered in the developer settings; `clientSecret` only for a server-side app. */
export interface OAuthApp {
  /** The gateway's origin, e.g. `https://boardsync.example`: `/oauth/*` lives there. */
  baseUrl: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  fetch?: typeof fetch;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number;
  /** What was granted, which may be fewer scopes than were asked for. */
  scopes: string[];
}

/** What to keep between sending the person to the consent page and their coming back. */
export interface PendingAuthorization {
  url: string;
  state: string;
  codeVerifier: string;
}

/** Step 1 (docs/rules.md "Authentication and scopes"): the consent page's address, with a fresh `state` and PKCE S256 challenge. */
export async function beginAuthorization(app: OAuthApp, scopes: readonly string[]): Promise<PendingAuthorization> {
  const state = randomText(16);
  const codeVerifier = randomText(32);
  const url = new URL('/oauth/authorize', app.baseUrl);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    state,
    code_challenge: await s256(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, state, codeVerifier };
}

/**
 * Step 2: the redirect back to the app, checked (its `state`, or the refusal it carries), and its
 * code exchanged for tokens.
 */
export async function completeAuthorization(app: OAuthApp, pending: PendingAuthorization, callbackUrl: string | URL): Promise<OAuthTokens> {
  const params = new URL(callbackUrl).searchParams;
  if (params.get('state') !== pending.state) throw new OAuthError('invalid_state', 'The callback’s state is not the one this authorization sent.');
  const refused = params.get('error');
  if (refused !== null) throw new OAuthError(refused, params.get('error_description') ?? 'The authorization was refused.');
  const code = params.get('code');
  if (code === null) throw new OAuthError('invalid_request', 'The callback carries no code.');
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: app.redirectUri,
    code_verifier: pending.codeVerifier,
  });
}

/** Step 3: new tokens for a refresh token. The old refresh token stops working: keep the new one. */
export function refreshTokens(app: OAuthApp, refreshToken: string): Promise<OAuthTokens> {
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export interface OAuthSessionOptions {
  app: OAuthApp;
  tokens: OAuthTokens;
  /** Called with every new pair: persist it, since the refresh token it replaces is spent. */
  onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /** Refresh this long before expiry rather than wait for a 401 (default 30 s). */
  skewMs?: number;
}

/**
 * A token source for the client: the current access token, refreshed shortly before it expires or
 * after a 401. Concurrent requests share one refresh, since a refresh token used twice revokes the grant.
 */
export function oauthSession({ app, tokens, onTokens, skewMs = 30_000 }: OAuthSessionOptions): TokenSource & { tokens(): OAuthTokens } {
  let current = tokens;
  let refreshing: Promise<string> | undefined;
  const refresh = (): Promise<string> => {
    refreshing ??= (async () => {
      try {
        current = await refreshTokens(app, current.refreshToken);
        await onTokens?.(current);
        return current.accessToken;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };
  return {
    tokens: () => current,
    current: () => refreshing ?? (Date.now() + skewMs >= current.expiresAt ? refresh() : current.accessToken),
    // A request refused with a token that has since been replaced just uses the new one.
    refresh: (stale) => (stale === current.accessToken ? refresh() : Promise.resolve(refreshing ?? current.accessToken)),
  };
}

async function tokenRequest(app: OAuthApp, grant: Record<string, string>): Promise<OAuthTokens> {
  const form = new URLSearchParams({ ...grant, client_id: app.clientId, ...(app.clientSecret === undefined ? {} : { client_secret: app.clientSecret }) });
  const response = await (app.fetch ?? fetch)(new URL('/oauth/token', app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new OAuthError(stringOr(body.error, 'server_error'), stringOr(body.error_description, `The token endpoint answered ${String(response.status)}.`));
  }
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, scope } = body;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof expiresIn !== 'number') {
    throw new OAuthError('invalid_response', 'The token endpoint’s answer lacks access_token, refresh_token or expires_in.');
  }
  return { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000, scopes: stringOr(scope, '').split(' ').filter(Boolean) };
}

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function randomText(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
