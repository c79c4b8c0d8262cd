import Router from '@koa/router';
import { Problem, parseRequest, principalOf, requirePrincipal, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { findProject, projectNotFound } from '../use-cases/project-access.ts';
import { projectCounts } from '../store/projects.ts';

const designerParam = z.object({ designer: z.coerce.number().int().positive() });
/** Project ids are Postgres `integer`s: anything else cannot name one, and is a 404 like an absent id. */
const PROJECT_ID = /^[1-9][0-9]{0,9}$/;
const MAX_PROJECT_ID = 2 ** 31 - 1;

/**
 * Questions other services ask with the caller's principal, about the caller's own data only:
 * auth's `/me` (project counts), the asset service (whether a project is the caller's, and locked).
 */
export function internalRouter(orm: Database, principalSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requirePrincipal(principalSecret));
  router.get('/designers/:designer/project-counts', async (ctx) => {
    const { designer } = parseRequest(designerParam, ctx.params);
    if (principalOf(ctx).designerId !== designer) throw Problem.notFound('designer');
    const counts = await projectCounts(orm.em.fork(), designer);
    ctx.body = { count: counts.count, unlocked_count: counts.unlocked };
  });
  // 404 alike for absent, another designer's, and ids that cannot exist: existence is never revealed.
  router.get('/projects/:project', async (ctx) => {
    const raw = ctx.params.project ?? '';
    const id = PROJECT_ID.test(raw) ? Number(raw) : 0;
    if (id < 1 || id > MAX_PROJECT_ID) throw projectNotFound();
    const project = await findProject(orm.em.fork(), principalOf(ctx).designerId, id);
    ctx.body = { id: project.id, is_locked: project.isLocked };
  });
  return router;
}
