import Router from '@koa/router';
import { Problem, parseRequest, principalOf, requirePrincipal, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { usedStorage } from '../store/storage-ledger.ts';

const designerParam = z.object({ designer: z.coerce.number().int().positive() });

/** For auth's `/me`, with the caller's principal: a designer's own storage only. */
export function internalRouter(orm: Database, principalSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requirePrincipal(principalSecret));
  router.get('/designers/:designer/storage', async (ctx) => {
    const { designer } = parseRequest(designerParam, ctx.params);
    if (principalOf(ctx).designerId !== designer) throw Problem.notFound('designer');
    ctx.body = { used_bytes: await usedStorage(orm.em.fork(), designer) };
  });
  return router;
}
