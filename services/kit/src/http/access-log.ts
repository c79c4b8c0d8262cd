import type { Middleware } from 'koa';
import type { Logger } from '../logger.ts';

/** One line per request, written when the response is finished; never headers or bodies. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      if (ctx.path === '/healthz' || ctx.path === '/readyz' || ctx.path === '/metrics') logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
