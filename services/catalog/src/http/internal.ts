import Router from '@koa/router';
import { Problem, parseRequest, principalOf, requirePrincipal, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { projectCounts } from '../store/projects.ts';

const designerParam = z.object({ designer: z.coerce.number().int().positive() });

/** For auth's `/me`, with the caller's principal: a designer's own counts only. */
export function internalRouter(orm: Database, principalSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requirePrincipal(principalSecret));
  router.get('/designers/:designer/project-counts', async (ctx) => {
    const { designer } = parseRequest(designerParam, ctx.params);
    if (principalOf(ctx).designerId !== designer) throw Problem.notFound('designer');
    const counts = await projectCounts(orm.em.fork(), designer);
    ctx.body = { count: counts.count, unlocked_count: counts.unlocked };
  });
  return router;
}
