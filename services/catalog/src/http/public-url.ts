import type { Context } from 'koa';

/** The public URL of this request's path, as the caller sees it through the gateway. */
export function publicPath(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}${ctx.path}`;
}
