import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { runWithRequestContext } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const REQUEST_ID_HEADER_KEY = REQUEST_ID_HEADER.toLowerCase();

// A caller's id is echoed only when it is short and plain, so it cannot smuggle anything into logs.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's offered id when it is acceptable, else a new one. */
export function requestIdFor(offered: string | string[] | undefined): string {
  return typeof offered === 'string' && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
}

/** Accepts the caller's X-Request-Id (or makes one), echoes it, and puts it in the request context. */
export function requestId(): Middleware {
  return (ctx, next) => {
    const id = requestIdFor(ctx.req.headers[REQUEST_ID_HEADER_KEY]);
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    return runWithRequestContext({ requestId: id }, () => next());
  };
}
