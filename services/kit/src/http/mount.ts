import type Router from '@koa/router';
import type Koa from 'koa';

/** What a @koa/router router gives an app: its routes, and the 405 (with Allow) or 501 for a method it does not serve. */
export type Mountable = Pick<Router, 'routes' | 'allowedMethods'>;

export function mountRouters(app: Koa, routers: readonly Mountable[]): void {
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
}
