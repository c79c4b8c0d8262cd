import type { Middleware } from 'koa';
import { deprecationHeaders, usedBy } from '../contract/deprecation.ts';
import type { Operation } from '../contract/operation.ts';
import { API_PREFIX, matchRoute, type ServiceName } from '../routes.ts';

/**
 * Answers every request under /api/v1 that used something its operation declares deprecated
 * (`Operation.deprecations`) with the `Deprecation`, `Sunset` and `Link` headers that say so,
 * whatever the status. The operation is found by the same route table the guard matches with.
 */
export function deprecationNotices(service: ServiceName, operations: readonly Operation[]): Middleware {
  const declared = new Map(
    operations.filter(({ deprecations }) => deprecations?.length).map((operation) => [`${operation.method} ${operation.path}`, operation]),
  );
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (declared.size > 0 && ctx.path.toLowerCase().startsWith(`${API_PREFIX}/`)) {
        const match = matchRoute(ctx.method, ctx.path.slice(API_PREFIX.length), service);
        const operation = match.kind === 'found' ? declared.get(`${match.rule.method} ${match.rule.path}`) : undefined;
        const body: unknown = ctx.request.body;
        const used = (operation?.deprecations ?? []).filter((deprecation) => usedBy(deprecation, body));
        for (const [name, value] of Object.entries(deprecationHeaders(used))) ctx.set(name, value);
      }
    }
  };
}
