import Router from '@koa/router';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Context } from 'koa';
import type { Database, Logger } from '@boardsync/kit';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../oauth/server.ts';
import { authenticateClient } from '../store/apps.ts';
import { findAppToken } from '../store/access-tokens.ts';
import { OAuthApp } from '../store/entities/oauth-app.ts';
import { revokeAccessToken, revokeGrants } from '../store/grants.ts';
import { clientCredentials } from './client-credentials.ts';
import { formFields } from './form.ts';

function oauthRequest(ctx: Context): OAuth2Server.Request {
  return new OAuth2Server.Request({
    method: ctx.method,
    headers: ctx.headers as Record<string, string>,
    query: ctx.query as Record<string, string>,
    body: formFields(ctx),
  });
}

function oauthError(ctx: Context, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error, error_description: description };
}

/**
 * `POST /oauth/token` (RFC 6749 §4.1.3 and §6, answered by oauth2-server) and
 * `POST /oauth/revoke` (RFC 7009). Both speak OAuth's own error shape, not problem+json.
 */
export function tokenRouter(orm: Database, server: OAuth2Server, logger: Logger): Router {
  const router = new Router();

  router.post('/oauth/token', async (ctx) => {
    const response = new OAuth2Server.Response();
    try {
      await server.token(oauthRequest(ctx), response);
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      if (error instanceof OAuth2Server.ServerError) logger.error({ err: error }, 'token endpoint failed');
    }
    ctx.status = response.status ?? 500;
    for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
    const body = (response.body ?? {}) as Record<string, unknown>;
    // oauth2-server derives expires_in from the stored expiry a moment later (3599); the lifetime is exactly one hour.
    if (typeof body.expires_in === 'number') body.expires_in = ACCESS_TOKEN_LIFETIME_SECONDS;
    ctx.body = body;
  });

  router.post('/oauth/revoke', async (ctx) => {
    const credentials = clientCredentials(ctx.get('Authorization'), ctx.request.body);
    const app = credentials ? await authenticateClient(orm.em.fork(), credentials.clientId, credentials.clientSecret) : null;
    if (!app) {
      if (ctx.get('Authorization')) ctx.set('WWW-Authenticate', 'Basic realm="boardsync"');
      oauthError(ctx, 401, 'invalid_client', 'Client authentication failed.');
      return;
    }
    const body = formFields(ctx);
    if (typeof body.token !== 'string' || body.token === '') {
      oauthError(ctx, 400, 'invalid_request', 'The token parameter is required.');
      return;
    }
    await revokeForApp(orm, app, body.token);
    // RFC 7009 §2.2: the same answer whether or not the token was known, so nothing is revealed.
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {};
  });

  return router;
}

/** A refresh token ends its whole grant; an access token ends alone. Tokens of other apps are left untouched. */
async function revokeForApp(orm: Database, app: OAuthApp, value: string): Promise<void> {
  const em = orm.em.fork();
  const found = await findAppToken(em, value, app.id);
  if (!found) return;
  if (found.token.kind === 'refresh') await revokeGrants(em, [found.grant.id]);
  else await revokeAccessToken(em, found.token, found.grant, app);
}
