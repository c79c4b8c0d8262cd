import type { Middleware } from 'koa';
import { Problem } from '../problem.ts';
import { sameSecret } from '../same-secret.ts';

/** A service's operator API answers only to the admin token from its config, compared in constant time. */
export function requireAdminToken(adminToken: string): Middleware {
  return async (ctx, next) => {
    const [scheme, token] = ctx.get('Authorization').split(' ');
    if (scheme !== 'Bearer' || !token || !sameSecret(token, adminToken)) {
      throw Problem.unauthenticated('The admin API needs the admin token.');
    }
    await next();
  };
}
