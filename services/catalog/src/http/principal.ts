import type { Context } from 'koa';
import type { Principal } from '@boardsync/kit';

/** The caller as the gateway vouched for it (set by `requirePrincipal`). */
export function principalOf(ctx: Context): Principal {
  return ctx.state.principal as Principal;
}

/** The public URL of this request's path, as the caller sees it through the gateway. */
export function publicPath(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}${ctx.path}`;
}
