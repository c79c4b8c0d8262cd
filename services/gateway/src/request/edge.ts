import type { Middleware } from 'koa';
import { checkRequestTarget } from './canonical-path.ts';
import { beforeOwnAnswer } from './unread-body.ts';

/**
 * The kit's guard for the gateway, before the probes too: no request target is answered, whatever
 * its path, unless it is canonical (canonical-path.ts); and every answer Koa writes for the gateway
 * passes here last, so whatever of the body it left unread is bounded (unread-body.ts). Only the
 * kit's problem responder, which renders what is thrown through here, and Koa's respond come after.
 */
export function requestEdge(): Middleware {
  return async (ctx, next) => {
    try {
      checkRequestTarget(ctx);
      await next();
    } finally {
      beforeOwnAnswer(ctx.req, ctx.res);
    }
  };
}
