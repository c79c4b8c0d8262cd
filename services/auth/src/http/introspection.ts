import Router from '@koa/router';
import { Problem, sameSecret, type Database } from '@boardsync/kit';
import type { EntityManager } from '@mikro-orm/core';
import { PERSONAL_SOURCE, appSource } from '../domain/sources.ts';
import { findDesigner } from '../store/designers.ts';
import { findLiveAccessToken } from '../store/oauth-tokens.ts';
import { findActivePersonalToken } from '../store/personal-tokens.ts';
import { clientCredentials } from './client-credentials.ts';
import { formFields } from './form.ts';

export interface IntrospectionClient {
  clientId: string;
  clientSecret: string;
}

interface ActiveToken {
  designerId: number;
  scopes: string[];
  clientId: string;
  source: string;
  issuedAt: Date;
  expiresAt: Date | null;
}

async function activeToken(em: EntityManager, token: string): Promise<ActiveToken | null> {
  const personal = await findActivePersonalToken(em, token);
  if (personal) {
    return {
      designerId: personal.designerId,
      scopes: personal.scopes,
      clientId: PERSONAL_SOURCE,
      source: PERSONAL_SOURCE,
      issuedAt: personal.createdAt,
      expiresAt: null,
    };
  }
  const access = await findLiveAccessToken(em, token);
  if (!access) return null;
  return {
    designerId: access.grant.designerId,
    scopes: access.token.scopes,
    clientId: access.app.clientId,
    source: appSource(access.app.clientId),
    issuedAt: access.token.createdAt,
    expiresAt: access.token.expiresAt,
  };
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
    const em = orm.em.fork();
    const active = await activeToken(em, token);
    const designer = active ? await findDesigner(em, active.designerId) : null;
    if (!active || !designer) {
      ctx.body = { active: false };
      return;
    }
    ctx.body = {
      active: true,
      scope: active.scopes.join(' '),
      client_id: active.clientId,
      token_type: 'Bearer',
      sub: String(designer.id),
      iat: seconds(active.issuedAt),
      ...(active.expiresAt ? { exp: seconds(active.expiresAt) } : {}),
      source: active.source,
      storage_limit_bytes: designer.storageLimitBytes,
      unlocked_limit: designer.unlockedProjectLimit,
    };
  });
  return router;
}
