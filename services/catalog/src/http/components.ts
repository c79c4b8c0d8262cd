import Router from '@koa/router';
import type { Middleware } from 'koa';
import { offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath, type Database } from '@boardsync/kit';
import type { z } from 'zod';
import { readComponentPage } from '../store/components.ts';
import { projectNotFound } from '../use-cases/project-access.ts';
import { deleteComponent } from '../use-cases/delete-component.ts';
import { deleteComponents } from '../use-cases/delete-components.ts';
import { writeComponents, type ComponentWrite, type WriteSettings } from '../use-cases/write-components.ts';
import { batchWrite, componentParams, deleteQuery, listQuery, singleWrite } from './component-requests.ts';
import type { componentDeletedBody, componentsDeletedBody } from './component-schemas.ts';
import { presentComponent } from './component-presenter.ts';
import { batchJsonBody, jsonBody } from './json-bodies.ts';
import { projectParam } from './params.ts';
import { presentWriteResult } from './write-result-presenter.ts';

export const MAX_COMPONENTS_PER_PAGE = 200;

/** docs/rules.md "Components". */
export function componentsRouter(orm: Database, settings: WriteSettings & { publicBaseUrl: string }): Router {
  const router = new Router({ prefix: '/api/v1/projects/:project/components' });

  router.get('/', async (ctx) => {
    const { project: projectId } = parseRequest(projectParam, ctx.params);
    const filters = parseRequest(listQuery, ctx.query);
    const request = pageRequest(ctx.query, { maxPerPage: MAX_COMPONENTS_PER_PAGE });
    const filter = { type: filters.type, name: filters.name, uniqueId: filters.unique_id };
    const owner = { designerId: principalOf(ctx).designerId, projectId };
    // No fork: the read is one raw statement, so it has no identity map to keep apart.
    const page = Number.isSafeInteger(projectId) ? await readComponentPage(orm.em, owner, filter, offsetOf(request), request.perPage) : null;
    if (!page) throw projectNotFound();
    ctx.body = paginate(page.rows.map(presentComponent), page.total, request, publicPath(settings.publicBaseUrl, ctx), filters);
  });

  const answerWrite =
    (body: z.ZodType<ComponentWrite>): Middleware =>
    async (ctx) => {
      const { project } = parseRequest(projectParam, ctx.params);
      const outcome = await writeComponents(orm.em.fork(), principalOf(ctx), project, parseRequest(body, ctx.request.body), settings);
      const result = presentWriteResult(outcome);
      ctx.status = result.created > 0 ? 201 : 200;
      ctx.body = result;
    };
  router.post('/', jsonBody, answerWrite(singleWrite));
  router.post('/batch', batchJsonBody, answerWrite(batchWrite));

  router.delete('/', async (ctx) => {
    const { project } = parseRequest(projectParam, ctx.params);
    const { type } = parseRequest(deleteQuery, ctx.query);
    ctx.body = { deleted: await deleteComponents(orm.em.fork(), principalOf(ctx), project, type) } satisfies z.infer<typeof componentsDeletedBody>;
  });

  router.delete('/:uniqueId', async (ctx) => {
    const { project, uniqueId } = parseRequest(componentParams, ctx.params);
    await deleteComponent(orm.em.fork(), principalOf(ctx), project, uniqueId);
    ctx.body = { deleted: true } satisfies z.infer<typeof componentDeletedBody>;
  });

  return router;
}
