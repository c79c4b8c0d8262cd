import type { Middleware } from 'koa';
import { Problem } from '@boardsync/kit';
import { sameSecret } from '../domain/secrets.ts';

/** The admin API answers only to the admin token from config, compared in constant time. */
export function requireAdminToken(adminToken: string): Middleware {
  return async (ctx, next) => {
    const [scheme, token] = ctx.get('Authorization').split(' ');
    if (scheme !== 'Bearer' || !token || !sameSecret(token, adminToken)) {
      throw Problem.unauthenticated('The admin API needs the admin token.');
    }
    await next();
  };
}
