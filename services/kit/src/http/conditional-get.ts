import etag from 'etag';
import type { Context, Middleware } from 'koa';

/** RFC 9110 §8.8.3.2 weak comparison: the opaque tags, whatever their W/ prefix. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** RFC 9110 §13.1.2: does If-None-Match name the current representation (or say `*`)? */
function noneMatchHolds(ctx: Context, current: string): boolean {
  const header = ctx.get('If-None-Match');
  if (header === '') return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(current));
}

/**
 * Conditional reads: every successful GET answer carries an `ETag` (the `etag` package: a hash of
 * the body as sent), and a GET whose `If-None-Match` names it gets 304 with no body. A JSON body is
 * serialized here once and sent as that text (its type already set), not serialized again by Koa.
 * Not Koa's `ctx.fresh`: the `fresh` module it uses treats `Cache-Control: no-cache` in the request
 * as "never fresh", and fetch (browsers, Node) sends exactly that with any If-None-Match it is
 * given, so no such client would ever see a 304. That directive is addressed to caches; the origin
 * evaluates the condition.
 */
export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
    // Read from the headers themselves: Koa 3's get() answers undefined for an absent field, whatever its type says.
    const existing = ctx.response.headers.etag;
    let tag = typeof existing === 'string' ? existing : '';
    if (tag === '') {
      const body: unknown = ctx.body;
      let entity: string | Buffer;
      if (typeof body === 'string' || Buffer.isBuffer(body)) entity = body;
      else if (body !== null && typeof body === 'object' && !('pipe' in body)) entity = ctx.body = JSON.stringify(body);
      else return;
      tag = etag(entity);
      ctx.set('ETag', tag);
    }
    if (noneMatchHolds(ctx, tag)) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
