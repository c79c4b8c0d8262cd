import Router from '@koa/router';
import { Problem, type Database } from '@boardsync/kit';
import { sameSecret } from '../domain/secrets.ts';
import { Designer } from '../store/entities/designer.ts';
import { PERSONAL_SOURCE, findActivePersonalToken } from '../store/personal-tokens.ts';

export interface IntrospectionClient {
  clientId: string;
  clientSecret: string;
}

/**
 * RFC 7662 token introspection, for the gateway only (client-authenticated). An active answer
 * carries, beyond the standard members, what the gateway puts in the internal principal.
 */
export function introspectionRouter(orm: Database, client: IntrospectionClient): Router {
  const router = new Router();
  router.post('/oauth/introspect', async (ctx) => {
    const caller = clientCredentials(ctx.get('Authorization'), ctx.request.body);
    if (!caller || caller.clientId !== client.clientId || !sameSecret(caller.clientSecret, client.clientSecret)) {
      ctx.set('WWW-Authenticate', 'Basic realm="introspection"');
      ctx.status = 401;
      ctx.body = { error: 'invalid_client' };
      return;
    }
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    if (!token) throw Problem.badRequest('The token parameter is required.', 'invalid_request');
    ctx.set('Cache-Control', 'no-store');
    const em = orm.em.fork();
    const personal = await findActivePersonalToken(em, token);
    const designer = personal ? await em.findOne(Designer, { id: personal.designerId }) : null;
    if (!personal || !designer) {
      ctx.body = { active: false };
      return;
    }
    ctx.body = {
      active: true,
      scope: personal.scopes.join(' '),
      client_id: PERSONAL_SOURCE,
      token_type: 'Bearer',
      sub: String(designer.id),
      iat: Math.floor(personal.createdAt.getTime() / 1000),
      source: PERSONAL_SOURCE,
      storage_limit_bytes: designer.storageLimitBytes,
      unlocked_limit: designer.unlockedProjectLimit,
    };
  });
  return router;
}

function clientCredentials(authorization: string, body: unknown): IntrospectionClient | undefined {
  const [scheme, encoded] = authorization.split(' ');
  if (scheme === 'Basic' && encoded) {
    const decoded = Buffer.from(encoded, 'base64').toString();
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
    }
  }
  const form = (body ?? {}) as Record<string, unknown>;
  if (typeof form.client_id === 'string' && typeof form.client_secret === 'string') {
    return { clientId: form.client_id, clientSecret: form.client_secret };
  }
  return undefined;
}
