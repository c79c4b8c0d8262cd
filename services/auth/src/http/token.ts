import Router from '@koa/router';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Context } from 'koa';
import type { Database, Logger } from '@boardsync/kit';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../domain/lifetimes.ts';
import { clientKey, counterKey, type Throttles } from '../throttles/throttles.ts';
import { authenticateClient } from '../use-cases/authenticate-client.ts';
import { revokeAppToken } from '../use-cases/revoke-app-token.ts';
import { clientCredentials, type ClientCredentials } from './client-credentials.ts';
import { formFields } from './form.ts';

/**
 * The request as oauth2-server reads it, with HTTP Basic client credentials moved into the form
 * already decoded: RFC 6749 §2.3.1 form-urlencodes both parts before Basic encoding (openid-client
 * sends `bss%5F…` for `bss_…`), and the library's Basic parser does not decode them.
 */
function oauthRequest(ctx: Context, credentials: ClientCredentials | undefined): OAuth2Server.Request {
  const { authorization: _basic, ...headers } = ctx.headers as Record<string, string>;
  const fromHeader = usedBasic(ctx) && credentials;
  return new OAuth2Server.Request({
    method: ctx.method,
    headers,
    query: ctx.query as Record<string, string>,
    body: { ...formFields(ctx), ...(fromHeader ? { client_id: credentials.clientId, client_secret: credentials.clientSecret } : {}) },
  });
}

const usedBasic = (ctx: Context): boolean => /^basic /i.test(ctx.get('Authorization'));

/** RFC 6749 §5.2: a client that tried HTTP authentication and failed gets 401 with the scheme. */
function basicRefused(ctx: Context): void {
  ctx.status = 401;
  ctx.set('WWW-Authenticate', 'Basic realm="boardsync"');
}

function oauthError(ctx: Context, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error, error_description: description };
}

/** The failures the token endpoint's throttle counts: guessed credentials, codes or refresh tokens. */
const COUNTED_FAILURES = new Set(['invalid_client', 'invalid_grant']);

const GENERIC_SERVER_ERROR = 'The authorization server could not complete the request. Try again later.';

/** oauth2-server wraps an unexpected error as ServerError with its message (SQL, host names…): the real one goes to the log only. */
function unexpectedFailure(error: OAuth2Server.OAuthError): unknown {
  const inner: unknown = (error as { inner?: unknown }).inner;
  return inner instanceof Error ? inner : error;
}

/**
 * `POST /oauth/token` (RFC 6749 §4.1.3 and §6, answered by oauth2-server) and
 * `POST /oauth/revoke` (RFC 7009). Both speak OAuth's own error shape, not problem+json.
 * The token endpoint is throttled per client_id and per client IP, counting failures only.
 */
export function tokenRouter(orm: Database, server: OAuth2Server, logger: Logger, throttle: Throttles['token']): Router {
  const router = new Router();

  router.post('/oauth/token', async (ctx) => {
    const credentials = clientCredentials(ctx.get('Authorization'), ctx.request.body);
    if (usedBasic(ctx) && !credentials) {
      basicRefused(ctx);
      oauthError(ctx, 401, 'invalid_client', 'The Authorization header does not hold Basic client credentials (form-urlencoded id:secret, then Base64).');
      return;
    }
    // A client is counted as itself only once it proved its secret: a client_id is no secret (it is
    // in every authorize URL), and counting it would let anyone lock the app out. Everything else
    // is bounded per address.
    const proven = credentials?.clientSecret ? await authenticateClient(orm.em.fork(), credentials.clientId, credentials.clientSecret) : null;
    const attempt = await throttle.attempt({ ...(proven ? { client: counterKey(proven.clientId) } : {}), ip: clientKey(ctx.ip) });
    if (!attempt.allowed) {
      // RFC 6749 has no rate-limit code: temporarily_unavailable says "retry later", and Retry-After says when.
      ctx.set('Retry-After', String(attempt.retryAfterSeconds));
      oauthError(ctx, 429, 'temporarily_unavailable', 'Too many failed token requests from this client or address. Retry after the time in Retry-After.');
      return;
    }
    let failure = false;
    try {
      const response = new OAuth2Server.Response();
      try {
        await server.token(oauthRequest(ctx, credentials), response);
      } catch (error) {
        if (!(error instanceof OAuth2Server.OAuthError)) throw error;
        if (error instanceof OAuth2Server.ServerError) {
          logger.error({ err: unexpectedFailure(error) }, 'token endpoint failed');
          oauthError(ctx, 500, 'server_error', GENERIC_SERVER_ERROR);
          return;
        }
        // The library writes the answer for what it refuses inside its handler, but not for the
        // request checks before it (not a form, not POST): those would leave its blank 200.
        if (!(response.body as { error?: unknown } | undefined)?.error) {
          oauthError(ctx, error.code, error.name, error.message);
          return;
        }
      }
      ctx.status = response.status ?? 500;
      for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
      const body = (response.body ?? {}) as Record<string, unknown>;
      // RFC 6749 §5.2: a client that tried HTTP authentication and failed gets 401 with the scheme.
      if (body.error === 'invalid_client' && usedBasic(ctx)) basicRefused(ctx);
      failure = typeof body.error === 'string' && COUNTED_FAILURES.has(body.error);
      // oauth2-server derives expires_in from the stored expiry a moment later (3599); the lifetime is exactly one hour.
      if (typeof body.expires_in === 'number') body.expires_in = ACCESS_TOKEN_LIFETIME_SECONDS;
      ctx.body = body;
    } finally {
      // Anything but a counted failure gives its reservation back.
      if (!failure) await attempt.succeeded();
    }
  });

  router.post('/oauth/revoke', async (ctx) => {
    const credentials = clientCredentials(ctx.get('Authorization'), ctx.request.body);
    const app = credentials ? await authenticateClient(orm.em.fork(), credentials.clientId, credentials.clientSecret) : null;
    if (!app) {
      if (ctx.get('Authorization')) basicRefused(ctx);
      oauthError(ctx, 401, 'invalid_client', 'Client authentication failed.');
      return;
    }
    const body = formFields(ctx);
    if (typeof body.token !== 'string' || body.token === '') {
      oauthError(ctx, 400, 'invalid_request', 'The token parameter is required.');
      return;
    }
    await revokeAppToken(orm.em.fork(), app, body.token);
    // RFC 7009 §2.2: the same answer whether or not the token was known, so nothing is revealed.
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {};
  });

  return router;
}
