import Router from '@koa/router';
import { Problem, sameSecret, type Database } from '@boardsync/kit';
import { PERSONAL_SOURCE, appSource } from '../domain/sources.ts';
import { findActiveToken } from '../store/active-tokens.ts';
import { clientCredentials } from './client-credentials.ts';
import { formFields } from './form.ts';

export interface IntrospectionClient {
  clientId: string;
  clientSecret: string;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 token introspection, for the gateway only (client-authenticated). An active answer
 * carries, beyond the standard members, what the gateway puts in the internal principal.
 */
export function introspectionRouter(orm: Database, client: IntrospectionClient): Router {
  const router = new Router();
  router.post('/oauth/introspect', async (ctx) => {
    const caller = clientCredentials(ctx.get('Authorization'), ctx.request.body);
    if (!caller || caller.clientId !== client.clientId || !caller.clientSecret || !sameSecret(caller.clientSecret, client.clientSecret)) {
      ctx.set('WWW-Authenticate', 'Basic realm="introspection"');
      ctx.status = 401;
      ctx.body = { error: 'invalid_client' };
      return;
    }
    const body = formFields(ctx);
    const token = typeof body.token === 'string' ? body.token : '';
    if (!token) throw Problem.badRequest('The token parameter is required.', 'invalid_request');
    ctx.set('Cache-Control', 'no-store');
    const active = await findActiveToken(orm.em.fork(), token);
    if (!active) {
      ctx.body = { active: false };
      return;
    }
    ctx.body = {
      active: true,
      scope: active.scopes.join(' '),
      client_id: active.clientId ?? PERSONAL_SOURCE,
      token_type: 'Bearer',
      sub: String(active.designerId),
      iat: seconds(active.issuedAt),
      ...(active.expiresAt ? { exp: seconds(active.expiresAt) } : {}),
      source: active.clientId === null ? PERSONAL_SOURCE : appSource(active.clientId),
      credential: active.credential,
      storage_limit_bytes: active.storageLimitBytes,
      unlocked_limit: active.unlockedProjectLimit,
    };
  });
  return router;
}
