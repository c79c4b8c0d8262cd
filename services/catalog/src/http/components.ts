import Router from '@koa/router';
import type { Middleware } from 'koa';
import { parseRequest, principalOf, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { projectParam } from './params.ts';
import { CREATABLE_TYPES, LISTABLE_TYPES, isListableType } from '../domain/component-types.ts';
import { offsetOf, pageRequest, paginate } from '../domain/pagination.ts';
import { writeComponents, type ComponentWrite, type WriteSettings } from '../store/component-writes.ts';
import { deleteComponent, deleteOwnComponents, groupNamesOf, listComponents } from '../store/components.ts';
import { findProject } from '../store/projects.ts';
import { presentComponent } from './component-presenter.ts';
import { publicPath } from './public-url.ts';

export const MAX_COMPONENTS_PER_PAGE = 200;
export const MAX_BATCH_ROWS = 500;


const listableType = z.enum(LISTABLE_TYPES, { error: `must be one of ${LISTABLE_TYPES.join(', ')}` });
const creatableType = z.enum(CREATABLE_TYPES, {
  error: (issue) => {
    if (issue.input === undefined) return 'is required';
    if (typeof issue.input === 'string' && isListableType(issue.input)) return `"${issue.input}" is a legacy type: it can be read and deleted but not created`;
    return `must be one of ${CREATABLE_TYPES.join(', ')}`;
  },
});
const flag = z.boolean({ error: 'must be true or false' }).default(false);

/** `POST components`: "behaves as a batch of one". */
const singleWrite = z
  .object({
    type: creatableType,
    component: z.record(z.string(), z.unknown(), { error: 'is required: one component object' }),
    match_by_name: flag,
    internalize_images: flag,
  })
  .transform((body): ComponentWrite => ({
    type: body.type,
    rows: [body.component],
    single: true,
    matchByName: body.match_by_name,
    removeMissing: false,
    internalizeImages: body.internalize_images,
  }));
const batchWrite = z
  .object({
    type: creatableType,
    components: z.array(z.unknown(), { error: 'is required: an array of component objects' }).max(MAX_BATCH_ROWS, `may hold at most ${String(MAX_BATCH_ROWS)} rows per call`),
    match_by_name: flag,
    remove_missing: flag,
    internalize_images: flag,
  })
  .transform((body): ComponentWrite => ({
    type: body.type,
    rows: body.components,
    single: false,
    matchByName: body.match_by_name,
    removeMissing: body.remove_missing,
    internalizeImages: body.internalize_images,
  }));
const listQuery = z.object({ type: listableType.optional(), name: z.string().optional(), unique_id: z.string().optional() });
const deleteQuery = z.object({ type: listableType.optional() });

/** Spec §4 Components. */
export function componentsRouter(orm: Database, settings: WriteSettings): Router {
  const router = new Router({ prefix: '/api/v1/projects/:project/components' });

  router.get('/', async (ctx) => {
    const { project: projectId } = parseRequest(projectParam, ctx.params);
    const filters = parseRequest(listQuery, ctx.query);
    const request = pageRequest(ctx.query, { maxPerPage: MAX_COMPONENTS_PER_PAGE });
    const em = orm.em.fork();
    const project = await findProject(em, principalOf(ctx).designerId, projectId);
    const filter = { type: filters.type, name: filters.name, uniqueId: filters.unique_id };
    const { rows, total } = await listComponents(em, project.id, filter, offsetOf(request), request.perPage);
    const groups = await groupNamesOf(em, rows.map((row) => row.id));
    ctx.body = paginate(rows.map((row) => presentComponent(row, groups.get(row.id))), total, request, publicPath(ctx), filters);
  });

  const answerWrite = (body: z.ZodType<ComponentWrite>): Middleware => async (ctx) => {
    const { project } = parseRequest(projectParam, ctx.params);
    const result = await writeComponents(orm.em.fork(), principalOf(ctx), project, parseRequest(body, ctx.request.body), settings);
    ctx.status = result.created > 0 ? 201 : 200;
    ctx.body = result;
  };
  router.post('/', answerWrite(singleWrite));
  router.post('/batch', answerWrite(batchWrite));

  router.delete('/', async (ctx) => {
    const { project } = parseRequest(projectParam, ctx.params);
    const { type } = parseRequest(deleteQuery, ctx.query);
    const deleted = await deleteOwnComponents(orm.em.fork(), principalOf(ctx), project, type);
    ctx.body = { deleted };
  });

  router.delete('/:uniqueId', async (ctx) => {
    const { project } = parseRequest(projectParam, ctx.params);
    const uniqueId = ctx.params.uniqueId ?? '';
    await deleteComponent(orm.em.fork(), principalOf(ctx), project, uniqueId);
    ctx.body = { deleted: true };
  });

  return router;
}
