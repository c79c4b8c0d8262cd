import Router from '@koa/router';
import { offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath, type Database } from '@boardsync/kit';
import { projectParam } from './params.ts';
import { newProjectBody, projectChangeBody } from '../domain/project-input.ts';
import { componentCountOf, componentCounts } from '../store/components.ts';
import { findProject } from '../use-cases/project-access.ts';
import { listProjects } from '../store/projects.ts';
import { changeProject } from '../use-cases/change-project.ts';
import { createProject } from '../use-cases/create-project.ts';
import { presentProject } from './project-presenter.ts';
import { jsonBody } from './json-bodies.ts';

export const MAX_PROJECTS_PER_PAGE = 200;

/** docs/rules.md "Projects". Every query is scoped to the caller's designer. */
export function projectsRouter(orm: Database, links: { publicBaseUrl: string }): Router {
  const router = new Router({ prefix: '/api/v1/projects' });
  router.use(jsonBody);

  router.get('/', async (ctx) => {
    const { designerId } = principalOf(ctx);
    const request = pageRequest(ctx.query, { maxPerPage: MAX_PROJECTS_PER_PAGE });
    const em = orm.em.fork();
    const { rows, total } = await listProjects(em, designerId, offsetOf(request), request.perPage);
    const counts = await componentCounts(
      em,
      rows.map((row) => row.id),
    );
    ctx.body = paginate(
      rows.map((row) => presentProject(row, counts.get(row.id) ?? 0)),
      total,
      request,
      publicPath(links.publicBaseUrl, ctx),
      {},
    );
  });

  router.post('/', async (ctx) => {
    const body = parseRequest(newProjectBody, ctx.request.body);
    const project = await createProject(orm.em.fork(), principalOf(ctx), body);
    ctx.status = 201;
    ctx.body = { data: presentProject(project, 0) };
  });

  router.get('/:project', async (ctx) => {
    const { project: id } = parseRequest(projectParam, ctx.params);
    const em = orm.em.fork();
    const project = await findProject(em, principalOf(ctx).designerId, id);
    ctx.body = { data: presentProject(project, await componentCountOf(em, project.id)) };
  });

  router.patch('/:project', async (ctx) => {
    const { project: id } = parseRequest(projectParam, ctx.params);
    const body = parseRequest(projectChangeBody, ctx.request.body ?? {});
    const em = orm.em.fork();
    const project = await changeProject(em, principalOf(ctx), id, body);
    ctx.body = { data: presentProject(project, await componentCountOf(em, project.id)) };
  });

  return router;
}
