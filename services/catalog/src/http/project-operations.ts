import { pageOf, pageQuery, problemSchema, withExample, type Operation } from '@boardsync/kit/contract';
import { newProjectBody, projectChangeBody } from '../domain/project-input.ts';
import { projectParam } from './params.ts';
import { projectBody, projectEnvelope } from './project-schemas.ts';

const notFound = { description: 'No such project of the caller’s (another designer’s is as absent).', schema: problemSchema };
const invalid = { description: 'A field is invalid (`validation_failed`, with `errors` per field).', schema: problemSchema };

/** docs/rules.md "Projects", described by the schemas `projects.ts` parses and answers with. */
export const projectOperations: Operation[] = [
  {
    method: 'GET',
    path: '/projects',
    operationId: 'listProjects',
    summary: 'List the designer’s projects, newest first',
    tags: ['Projects'],
    query: pageQuery,
    responses: { 200: { description: 'A page of projects.', schema: pageOf(projectBody) } },
  },
  {
    method: 'POST',
    path: '/projects',
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
  },
  {
    method: 'GET',
    path: '/projects/:project',
    operationId: 'getProject',
    summary: 'Read one project',
    tags: ['Projects'],
    params: projectParam,
    responses: { 200: { description: 'The project.', schema: projectEnvelope }, 404: notFound },
  },
  {
    method: 'PATCH',
    path: '/projects/:project',
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
  },
];
