import type { Context, Middleware } from 'koa';
import compose from 'koa-compose';
import type { Operation, OperationContext } from '../contract/operation.ts';
import { deprecationHeaders, usedBy } from '../contract/deprecation.ts';
import { requirePrincipal, principalOf } from '../principal.ts';
import { API_PREFIX, isApiPath, matchRoute, noRouteProblem, requireScope } from '../routes.ts';
import { nameServerSpan } from '../telemetry/trace-context.ts';

/** An operation with its `before` middleware and handler bound to the service's dependencies. */
export interface ServedOperation extends Operation {
  run(ctx: Context): Promise<void>;
}

/** A service's public operations, each bound to the dependencies its handler is given. */
export function serveOperations<Deps>(operations: readonly Operation<Deps>[], deps: Deps): ServedOperation[] {
  return operations.map((operation) => {
    // Awaited, not returned: the handler's frames stay in the async stack traces of what it awaits (tests/walks.spec.ts reads them).
    const handle = async (ctx: Context): Promise<void> => {
      await operation.handle(ctx as OperationContext, deps);
    };
    const chain = compose<Context>([...(operation.before?.(deps) ?? []), handle]);
    return { ...(operation as Operation), run: (ctx: Context) => chain(ctx) };
  });
}

/** Each `:name` of the operation's path, read from the request's segment in its place. */
function paramsOf(template: string, path: string): Record<string, string> {
  const wanted = template.split('/');
  const given = path.replace(/\/$/, '').split('/');
  const params: Record<string, string> = {};
  wanted.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const raw = given[index] ?? '';
    try {
      params[segment.slice(1)] = decodeURIComponent(raw);
    } catch {
      params[segment.slice(1)] = raw;
    }
  });
  return params;
}

/**
 * A service's public API: every `/api/v1` request must carry a valid principal (401), be one of
 * this service's operations (404, 405) and hold that operation's scope (403) before its handler
 * runs, behind whatever the gateway decided, so a gateway bug can neither grant a scope nor reach
 * an operation the service does not declare. Answers to a request that used something its
 * operation deprecates carry `Deprecation`, `Sunset` and `Link`, whatever the status.
 */
export function apiOperations(operations: readonly ServedOperation[], principalSecret: string): Middleware {
  const verify = requirePrincipal(principalSecret);
  return async (ctx, next) => {
    // Case-insensitively: `/API/v1/…` must not slip past to a router that matches paths that way.
    if (!isApiPath(ctx.path.toLowerCase())) {
      await next();
      return;
    }
    await verify(ctx, async () => {
      const path = ctx.path.slice(API_PREFIX.length) || '/';
      const match = matchRoute(operations, ctx.method, path);
      if (match.kind !== 'found') throw noRouteProblem(match, ctx.method, ctx.path);
      const operation = match.rule;
      requireScope(principalOf(ctx).scopes, operation.scope);
      // The duration histogram's route label and the trace's span name: the operation's template, as the gateway labels it.
      const route = `${API_PREFIX}${operation.path}`;
      ctx.state.route = route;
      nameServerSpan(ctx.method, route);
      (ctx as OperationContext).params = paramsOf(operation.path, path);
      try {
        await operation.run(ctx);
      } finally {
        const used = (operation.deprecations ?? []).filter((deprecation) => usedBy(deprecation, ctx.request.body));
        for (const [name, value] of Object.entries(deprecationHeaders(used))) ctx.set(name, value);
      }
    });
  };
}
