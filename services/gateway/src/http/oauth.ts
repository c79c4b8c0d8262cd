import type { Middleware } from 'koa';
import { Problem } from '@boardsync/kit';
import type { UpstreamProxy } from '../proxy/proxy.ts';

// Internal to the cluster: the gateway itself is its only client.
const INTERNAL_ONLY = new Set(['/oauth/introspect']);

/** `/oauth/*` and auth's pages go to auth as they are, cookies included (login sessions, CSRF). */
export function authPassthrough(proxy: UpstreamProxy, authUrl: string, pagePrefixes: readonly string[] = ['/oauth/']): Middleware {
  return async (ctx, next) => {
    if (!pagePrefixes.some((prefix) => ctx.path.startsWith(prefix))) {
      await next();
      return;
    }
    if (INTERNAL_ONLY.has(ctx.path)) throw new Problem({ status: 404, code: 'not_found', detail: `No route for ${ctx.method} ${ctx.path}.` });
    await proxy.forward(ctx, authUrl, 'auth', {}, { keepCookies: true });
  };
}
