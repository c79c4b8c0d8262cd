import type { Context, Middleware } from 'koa';
import { requirePrincipal, principalOf } from '../principal.ts';
import { API_PREFIX, matchRoute, noRouteProblem, requireScope, type RouteRule, type ServiceName } from '../routes.ts';

/** The route-table row the guard matched this request to; undefined outside /api/v1 (or before the guard). */
export function guardedRouteOf(ctx: Context): RouteRule | undefined {
  return ctx.state.route as RouteRule | undefined;
}

/**
 * A service's own check of its public routes, behind the gateway's: every `/api/v1` request must
 * carry a valid principal (401), be one of this service's rows of the route table (404, 405), and
 * hold that row's scope (403). A gateway bug can then neither grant a scope nor reach a route
 * the table does not list.
 */
export function apiGuard(service: ServiceName, principalSecret: string): Middleware {
  const verify = requirePrincipal(principalSecret);
  return async (ctx, next) => {
    // Case-insensitively: the routers match paths that way, so `/API/v1/…` must not slip past the guard.
    const lower = ctx.path.toLowerCase();
    if (lower !== API_PREFIX && !lower.startsWith(`${API_PREFIX}/`)) {
      await next();
      return;
    }
    await verify(ctx, async () => {
      const match = matchRoute(ctx.method, ctx.path.slice(API_PREFIX.length) || '/', service);
      if (match.kind !== 'found') throw noRouteProblem(match, ctx.method, ctx.path);
      requireScope(principalOf(ctx).scopes, match.rule.scope);
      ctx.state.route = match.rule;
      await next();
    });
  };
}
