import type Router from '@koa/router';
import type Koa from 'koa';
import type { Middleware } from 'koa';

/** What a @koa/router router gives an app: its routes, and the 405 (with Allow) for a method it does not serve. */
export type Mountable = Pick<Router, 'routes' | 'allowedMethods'>;

export function mountRouters(app: Koa, routers: readonly Mountable[]): void {
  for (const router of routers) {
    const allowed = router.allowedMethods() as unknown as Middleware;
    app.use(router.routes()).use(async (ctx, next) => {
      await allowed(ctx, next);
      // A method the router has never heard of (TRACE, PROPFIND …) on a path it serves is as much
      // "not allowed here" as DELETE on a read-only one: 405 with Allow, not 501.
      if (ctx.status === 501 && ctx.response.get('Allow')) ctx.status = 405;
    });
  }
}
