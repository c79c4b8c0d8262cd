import { answerOnce, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath } from '@boardsync/kit';
import { pageOf, pageQuery, problemSchema, withExample } from '@boardsync/kit/contract';
import { newProjectBody, projectChangeBody } from '../domain/project-input.ts';
import { componentCountOf, componentCounts } from '../store/components.ts';
import { listProjects } from '../store/projects.ts';
import { changeProject } from '../use-cases/change-project.ts';
import { createProject } from '../use-cases/create-project.ts';
import type { Project } from '../store/entities/project.ts';
import { findProject } from '../use-cases/project-access.ts';
import type { CatalogOperation } from './catalog-api.ts';
import { jsonBody } from './json-bodies.ts';
import { projectParam } from './params.ts';
import { presentProject } from './project-presenter.ts';
import { projectBody, projectEnvelope } from './project-schemas.ts';

export const MAX_PROJECTS_PER_PAGE = 200;

const notFound = { description: 'No such project of the caller’s (another designer’s is as absent).', schema: problemSchema };
const invalid = { description: 'A field is invalid (`validation_failed`, with `errors` per field).', schema: problemSchema };

/** docs/rules.md "Projects". Every query is scoped to the caller's designer. */
export const projectOperations: CatalogOperation[] = [
  {
    method: 'GET',
    path: '/projects',
    scope: 'projects:read',
    operationId: 'listProjects',
    summary: 'List the designer’s projects, newest first',
    tags: ['Projects'],
    query: pageQuery,
    responses: { 200: { description: 'A page of projects.', schema: pageOf(projectBody) } },
    async handle(ctx, { orm, publicBaseUrl }) {
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
        publicPath(publicBaseUrl, ctx),
        {},
      );
    },
  },
  {
    method: 'POST',
    path: '/projects',
    scope: 'projects:write',
    usesPlan: true,
    operationId: 'createProject',
    summary: 'Create a project',
    tags: ['Projects'],
    body: withExample(newProjectBody, {
      name: 'Tide Runners',
      short_description: 'Race your clipper round the archipelago before the storm season.',
      player_count_min: 2,
      player_count_max: 4,
      playtime_minutes: 45,
      min_age: 10,
      genre: 'racing',
    }),
    responses: {
      201: { description: 'The new project.', schema: projectEnvelope },
      422: invalid,
    },
    before: () => [jsonBody],
    async handle(ctx, { orm, keys }) {
      const body = parseRequest(newProjectBody, ctx.request.body);
      const em = orm.em.fork();
      await answerOnce<Project>(ctx, em, keys, {
        run: (remember) => createProject(em, principalOf(ctx), body, remember),
        answer: (project) => ({ status: 201, body: { data: presentProject(project, 0) } }),
      });
    },
  },
  {
    method: 'GET',
    path: '/projects/:project',
    scope: 'projects:read',
    operationId: 'getProject',
    summary: 'Read one project',
    tags: ['Projects'],
    params: projectParam,
    responses: { 200: { description: 'The project.', schema: projectEnvelope }, 404: notFound },
    async handle(ctx, { orm }) {
      const { project: id } = parseRequest(projectParam, ctx.params);
      const em = orm.em.fork();
      const project = await findProject(em, principalOf(ctx).designerId, id);
      ctx.body = { data: presentProject(project, await componentCountOf(em, project.id)) };
    },
  },
  {
    method: 'PATCH',
    path: '/projects/:project',
    scope: 'projects:write',
    operationId: 'updateProject',
    summary: 'Change a project’s fields; omitted fields are left as they are',
    tags: ['Projects'],
    params: projectParam,
    body: withExample(projectChangeBody, { short_description: 'Race your clipper round the archipelago.', playtime_minutes: 60 }),
    bodyOptional: true,
    responses: {
      200: { description: 'The project as it is now.', schema: projectEnvelope },
      404: notFound,
      409: { description: 'The project is locked (`project_locked`).', schema: problemSchema },
      422: invalid,
    },
    before: () => [jsonBody],
    async handle(ctx, { orm }) {
      const { project: id } = parseRequest(projectParam, ctx.params);
      const body = parseRequest(projectChangeBody, ctx.request.body ?? {});
      const em = orm.em.fork();
      const project = await changeProject(em, principalOf(ctx), id, body);
      ctx.body = { data: presentProject(project, await componentCountOf(em, project.id)) };
    },
  },
];
