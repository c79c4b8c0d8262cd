import type { Context } from 'koa';

/**
 * The public URL of this request's path: the configured public origin (`PUBLIC_BASE_URL`), never
 * the caller's Host or X-Forwarded-* headers, which anyone can set to plant links to their own site.
 */
export function publicPath(publicBaseUrl: string, ctx: Context): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${ctx.path}`;
}
