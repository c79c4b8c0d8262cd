import type { Middleware } from 'koa';
import { Problem } from '@boardsync/kit';
import type { UpstreamProxy } from '../proxy/proxy.ts';

// Internal to the cluster: the gateway itself is its only client.
const INTERNAL_ONLY = new Set(['/oauth/introspect']);

/** Auth's public surface besides /api/v1/me: the OAuth endpoints and the sign-in and settings pages. */
export const AUTH_PAGE_ROOTS: readonly string[] = ['/oauth', '/login', '/logout', '/settings'];

function underRoot(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(`${root}/`));
}

/** Auth's pages and `/oauth/*` go to auth as they are, cookies and Authorization included (sign-in sessions, CSRF, OAuth client authentication). */
export function authPassthrough(proxy: UpstreamProxy, authUrl: string, roots: readonly string[] = AUTH_PAGE_ROOTS): Middleware {
  return async (ctx, next) => {
    if (!underRoot(ctx.path, roots)) {
      await next();
      return;
    }
    if (INTERNAL_ONLY.has(ctx.path)) throw new Problem({ status: 404, code: 'not_found', detail: `No route for ${ctx.method} ${ctx.path}.` });
    await proxy.forward(ctx, authUrl, 'auth', {}, { passCredentials: true });
  };
}
