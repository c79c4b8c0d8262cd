import type { Middleware } from 'koa';
import type { UpstreamProxy } from '../proxy/proxy.ts';
import { requestTargetOf } from '../request/canonical-path.ts';

/**
 * Auth's public surface besides /api/v1/me, path by path as auth serves it (services/auth/src/http:
 * authorize.ts, token.ts, pages.ts); `:name` is one segment. Nothing else of auth is reachable
 * through the gateway: not introspection, the admin API, `/internal/*` or its `/metrics`.
 */
export const AUTH_PAGES: readonly string[] = [
  '/.well-known/oauth-authorization-server',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
  '/login',
  '/logout',
  '/settings',
  '/settings/tokens',
  '/settings/tokens/:id/revoke',
  '/settings/apps',
  '/settings/connected/:appId/revoke',
  '/settings/webhooks/:id/delete',
];

const patterns = AUTH_PAGES.map((page) => new RegExp(`^${page.replace(/:[A-Za-z]+/g, '[^/]+')}$`));

export function isAuthPage(path: string): boolean {
  return patterns.some((pattern) => pattern.test(path));
}

/** Auth's pages and OAuth endpoints go to auth as they are, cookies and Authorization included (sign-in sessions, CSRF, OAuth client authentication). */
export function authPages(proxy: UpstreamProxy, authUrl: string): Middleware {
  return async (ctx, next) => {
    if (!isAuthPage(requestTargetOf(ctx).path)) {
      await next();
      return;
    }
    await proxy.forward(ctx, authUrl, 'auth', {}, { passCredentials: true });
  };
}
