import type { Context, Middleware } from 'koa';
import etag from 'koa-etag';

/** RFC 9110 §8.8.3.2 weak comparison: the opaque tags, whatever their W/ prefix. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** RFC 9110 §13.1.2: does If-None-Match name the current representation (or say `*`)? */
function noneMatchHolds(ctx: Context): boolean {
  const header = ctx.get('If-None-Match');
  const current = ctx.response.get('ETag');
  if (header === '' || current === '') return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(current));
}

/**
 * Conditional reads: every successful GET answer carries an `ETag` (koa-etag: a hash of the body
 * as sent), and a GET whose `If-None-Match` names it gets 304 with no body. Not Koa's `ctx.fresh`:
 * the `fresh` module it uses treats `Cache-Control: no-cache` in the request as "never fresh", and
 * fetch (browsers, Node) sends exactly that with any If-None-Match it is given, so no such client
 * would ever see a 304. That directive is addressed to caches; the origin evaluates the condition.
 */
export function conditionalGet(): Middleware[] {
  const notModified: Middleware = async (ctx, next) => {
    await next();
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && noneMatchHolds(ctx)) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
  return [notModified, etag()];
}
