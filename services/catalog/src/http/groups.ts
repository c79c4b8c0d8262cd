import Router from '@koa/router';
import type { z } from 'zod';
import { parseRequest, principalOf, type Database } from '@boardsync/kit';
import { findProject } from '../use-cases/project-access.ts';
import { listGroups, membersOf } from '../store/groups.ts';
import { changeGroup } from '../use-cases/change-group.ts';
import { createGroup } from '../use-cases/create-group.ts';
import { deleteGroup } from '../use-cases/delete-group.ts';
import { replaceMembers } from '../use-cases/replace-members.ts';
import { presentGroup } from './group-presenter.ts';
import { changeBody, createBody, groupParams, listQuery, membersBody } from './group-requests.ts';
import type { groupDeletedBody } from './group-schemas.ts';
import { jsonBody } from './json-bodies.ts';
import { projectParam } from './params.ts';

/** docs/rules.md "Groups (decks and stacks)". */
export function groupsRouter(orm: Database): Router {
  const router = new Router({ prefix: '/api/v1/projects/:project/groups' });
  router.use(jsonBody);

  router.get('/', async (ctx) => {
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
  });

  router.post('/', async (ctx) => {
    const { project } = parseRequest(projectParam, ctx.params);
    const { group, created } = await createGroup(orm.em.fork(), principalOf(ctx), project, parseRequest(createBody, ctx.request.body));
    ctx.status = created ? 201 : 200;
    ctx.body = { data: presentGroup(group) };
  });

  router.patch('/:group', async (ctx) => {
    const address = parseRequest(groupParams, ctx.params);
    const group = await changeGroup(orm.em.fork(), principalOf(ctx), address, parseRequest(changeBody, ctx.request.body));
    ctx.body = { data: presentGroup(group) };
  });

  router.delete('/:group', async (ctx) => {
    await deleteGroup(orm.em.fork(), principalOf(ctx), parseRequest(groupParams, ctx.params));
    ctx.body = { deleted: true, components_retained: true } satisfies z.infer<typeof groupDeletedBody>;
  });

  router.put('/:group/members', async (ctx) => {
    const address = parseRequest(groupParams, ctx.params);
    const body = parseRequest(membersBody, ctx.request.body);
    const em = orm.em.fork();
    const group = await replaceMembers(em, principalOf(ctx), address, body.members);
    ctx.body = { data: presentGroup(group, (await membersOf(em, [group.id])).get(group.id) ?? []) };
  });

  return router;
}
