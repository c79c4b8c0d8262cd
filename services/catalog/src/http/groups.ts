import type { z } from 'zod';
import { answerOnce, parseRequest, principalOf } from '@boardsync/kit';
import { withExample } from '@boardsync/kit/contract';
import { listGroups, membersOf } from '../store/groups.ts';
import { changeGroup } from '../use-cases/change-group.ts';
import { createGroup } from '../use-cases/create-group.ts';
import { deleteGroup } from '../use-cases/delete-group.ts';
import { findProject } from '../use-cases/project-access.ts';
import { replaceMembers } from '../use-cases/replace-members.ts';
import type { CatalogOperation } from './catalog-api.ts';
import { presentGroup } from './group-presenter.ts';
import { changeBody, createBody, groupParams, listQuery, MAX_MEMBERS, membersBody } from './group-requests.ts';
import { groupDeletedBody, groupEnvelope, groupListBody, groupWithMembersEnvelope } from './group-schemas.ts';
import { jsonBody } from './json-bodies.ts';
import { projectParam } from './params.ts';
import { bodyTooLarge, invalidJson, problem, projectLocked, projectNotFound } from './problem-responses.ts';

const groupNotFound = problem('No such project of the caller’s, or no such group in it (`not_found`).');
const invalid = problem('A field is invalid (`validation_failed`, with `errors` per field).');

/** docs/rules.md "Groups (decks and stacks)". */
export const groupOperations: CatalogOperation[] = [
  {
    method: 'GET',
    path: '/projects/:project/groups',
    scope: 'components:read',
    operationId: 'listGroups',
    summary: 'List a project’s decks and stacks in group order',
    tags: ['Groups'],
    params: projectParam,
    query: listQuery,
    responses: {
      200: { description: 'Every group of the project (never paged); `members` and `member_count` only with `include_members`.', schema: groupListBody },
      404: projectNotFound,
      422: problem('An invalid project id, `kind` or `include_members` (`validation_failed`, with `errors` per field).'),
    },
    async handle(ctx, { orm }) {
      const { project: projectId } = parseRequest(projectParam, ctx.params);
      const query = parseRequest(listQuery, ctx.query);
      const em = orm.em.fork();
      const project = await findProject(em, principalOf(ctx).designerId, projectId);
      const groups = await listGroups(em, project.id, query.kind);
      const members = query.include_members
        ? await membersOf(
            em,
            groups.map((group) => group.id),
          )
        : undefined;
      ctx.body = { data: groups.map((group) => presentGroup(group, members?.get(group.id) ?? (members ? [] : undefined))) };
    },
  },
  {
    method: 'POST',
    path: '/projects/:project/groups',
    scope: 'components:write',
    operationId: 'createGroup',
    summary: 'Create a deck or stack at the end of the group order, or find the one of that name',
    tags: ['Groups'],
    params: projectParam,
    body: withExample(createBody, { kind: 'deck', name: 'Weather' }),
    responses: {
      201: { description: 'The new group (without members).', schema: groupEnvelope },
      200: { description: 'A group of that kind and name (ignoring case) already existed: that one, unchanged (without members).', schema: groupEnvelope },
      413: bodyTooLarge(),
      404: projectNotFound,
      409: projectLocked,
      422: invalid,
    },
    before: () => [jsonBody],
    async handle(ctx, { orm, keys }) {
      const { project } = parseRequest(projectParam, ctx.params);
      const body = parseRequest(createBody, ctx.request.body);
      const em = orm.em.fork();
      await answerOnce<Awaited<ReturnType<typeof createGroup>>>(ctx, em, keys, {
        run: (remember) => createGroup(em, principalOf(ctx), project, body, remember),
        answer: ({ group, created }) => ({ status: created ? 201 : 200, body: { data: presentGroup(group) } }),
      });
    },
  },
  {
    method: 'PATCH',
    path: '/projects/:project/groups/:group',
    scope: 'components:write',
    operationId: 'updateGroup',
    summary: 'Rename or move a group; omitted fields are left as they are',
    tags: ['Groups'],
    params: groupParams,
    body: withExample(changeBody, { name: 'Storms', position: 2 }),
    bodyOptional: true,
    responses: {
      200: { description: 'The group as it is now (without members).', schema: groupEnvelope },
      413: bodyTooLarge(),
      404: groupNotFound,
      409: problem('The project is locked (`project_locked`), or another group of the kind already has the name, ignoring case (`name_taken`).'),
      422: problem('A field is invalid, or `kind` differs from the group’s (`validation_failed`, with `errors` per field).'),
    },
    before: () => [jsonBody],
    async handle(ctx, { orm }) {
      const address = parseRequest(groupParams, ctx.params);
      const group = await changeGroup(orm.em.fork(), principalOf(ctx), address, parseRequest(changeBody, ctx.request.body));
      ctx.body = { data: presentGroup(group) };
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:project/groups/:group',
    scope: 'components:write',
    operationId: 'deleteGroup',
    summary: 'Delete a group and its memberships; its components stay in the project',
    tags: ['Groups'],
    params: groupParams,
    responses: {
      200: { description: 'Deleted.', schema: groupDeletedBody },
      // The groups router reads JSON bodies on every method, so a DELETE sent with a broken one is refused too.
      400: invalidJson,
      413: bodyTooLarge(),
      404: groupNotFound,
      409: projectLocked,
      422: problem('An invalid project or group id (`validation_failed`).'),
    },
    before: () => [jsonBody],
    async handle(ctx, { orm }) {
      await deleteGroup(orm.em.fork(), principalOf(ctx), parseRequest(groupParams, ctx.params));
      ctx.body = { deleted: true, components_retained: true } satisfies z.infer<typeof groupDeletedBody>;
    },
  },
  {
    method: 'PUT',
    path: '/projects/:project/groups/:group/members',
    scope: 'components:write',
    operationId: 'replaceGroupMembers',
    summary: 'Replace a group’s whole membership, in deck order',
    description:
      `Up to ${MAX_MEMBERS.toLocaleString('en')} entries, each naming a component of this project once (\`count\` for copies). ` +
      'A deck holds only cards, a stack only tokens, all of one shape/mask. A refused call changes nothing.',
    tags: ['Groups'],
    params: groupParams,
    body: withExample(membersBody, {
      members: [
        { unique_id: 'sheet-row-17', count: 2 },
        { unique_id: 'sheet-row-18', face_up: false },
      ],
    }),
    responses: {
      200: { description: 'The group with its members, as they are now.', schema: groupWithMembersEnvelope },
      400: problem('The body is not valid JSON (`invalid_json`), or the members would mix types or shapes (`mixed_group`; the detail names them).'),
      413: bodyTooLarge(),
      404: groupNotFound,
      409: projectLocked,
      422: problem(
        'A field is invalid, a `unique_id` names no component of this project, or one is listed twice (`validation_failed`, with `errors` keyed `members.{index}.{field}`).',
      ),
    },
    before: () => [jsonBody],
    async handle(ctx, { orm }) {
      const address = parseRequest(groupParams, ctx.params);
      const body = parseRequest(membersBody, ctx.request.body);
      const em = orm.em.fork();
      const group = await replaceMembers(em, principalOf(ctx), address, body.members);
      ctx.body = { data: presentGroup(group, (await membersOf(em, [group.id])).get(group.id) ?? []) };
    },
  },
];
