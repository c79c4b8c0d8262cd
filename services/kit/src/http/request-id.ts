import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { runWithRequestContext } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A caller's id is echoed only when it is short and plain, so it cannot smuggle anything into logs.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts the caller's X-Request-Id (or makes one), echoes it, and puts it in the request context. */
export function requestId(): Middleware {
  return (ctx, next) => {
    const offered = ctx.get(REQUEST_ID_HEADER);
    const id = ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    return runWithRequestContext({ requestId: id }, () => next());
  };
}
