import type { Context } from 'koa';

/** Aborts once the caller hangs up, so a held request or a stream stops working for a reader who is gone. */
export function hangUpSignal(ctx: Context): AbortSignal {
  const gone = new AbortController();
  ctx.res.once('close', () => {
    gone.abort();
  });
  return gone.signal;
}
