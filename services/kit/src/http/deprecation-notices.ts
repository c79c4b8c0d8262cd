import type { Middleware } from 'koa';
import { deprecationHeaders, usedBy } from '../contract/deprecation.ts';
import type { Operation } from '../contract/operation.ts';
import { guardedRouteOf } from './api-guard.ts';

/**
 * Answers every request under /api/v1 that used something its operation declares deprecated
 * (`Operation.deprecations`) with the `Deprecation`, `Sunset` and `Link` headers that say so,
 * whatever the status. Mounted behind `apiGuard`, whose route-table match names the operation.
 */
export function deprecationNotices(operations: readonly Operation[]): Middleware {
  const declared = new Map(
    operations.filter(({ deprecations }) => deprecations?.length).map((operation) => [`${operation.method} ${operation.path}`, operation]),
  );
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const route = guardedRouteOf(ctx);
      if (route) {
        const operation = declared.get(`${route.method} ${route.path}`);
        const body: unknown = ctx.request.body;
        const used = (operation?.deprecations ?? []).filter((deprecation) => usedBy(deprecation, body));
        for (const [name, value] of Object.entries(deprecationHeaders(used))) ctx.set(name, value);
      }
    }
  };
}
