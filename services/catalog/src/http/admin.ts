import Router from '@koa/router';
import { parseRequest, requireAdminToken, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { createCustomMask } from '../use-cases/create-custom-mask.ts';
import { setProjectLock } from '../use-cases/set-project-lock.ts';
import { presentCustomMask } from './mask-presenter.ts';
import { presentProject } from './project-presenter.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const newMaskBody = z.object({
  designer_id: z.number().int().positive(),
  kind: z.enum(['card', 'token']),
  name: z.string().trim().min(1).max(255),
  aspect: z
    .string()
    .regex(/^\d{1,3}:\d{1,3}$/, 'must look like 5:7')
    .nullable()
    .default(null),
});

/** Operator API behind the admin token: project locks and custom masks (no public API for either). */
export function adminRouter(orm: Database, adminToken: string): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(requireAdminToken(adminToken));
  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    router.post(`/projects/:id/${action}`, async (ctx) => {
      const { id } = parseRequest(idParam, ctx.params);
      ctx.body = { data: presentProject(await setProjectLock(orm.em.fork(), id, locked), 0) };
    });
  }

  router.post('/masks', async (ctx) => {
    const body = parseRequest(newMaskBody, ctx.request.body);
    const mask = await createCustomMask(orm.em.fork(), { designerId: body.designer_id, kind: body.kind, name: body.name, aspect: body.aspect });
    ctx.status = 201;
    ctx.body = presentCustomMask(mask);
  });

  return router;
}
