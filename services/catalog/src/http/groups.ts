import Router from '@koa/router';
import type { Context } from 'koa';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem, parseRequest, principalOf, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { projectParam } from './params.ts';
import { findProject, lockWritableProject } from '../store/projects.ts';
import { replaceMembers } from '../store/group-members.ts';
import { createGroup, deleteGroup, findGroup, listGroups, membersOf, renameGroup } from '../store/groups.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { presentGroup } from './group-presenter.ts';

const groupParams = projectParam.extend({ group: z.coerce.number().int().positive() });
const kind = z.enum(['deck', 'stack'], { error: 'must be deck or stack' });
const groupName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(255, 'may not be longer than 255 characters');
const booleanQuery = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const listQuery = z.object({ kind: kind.optional(), include_members: booleanQuery.optional() });
const createBody = z.object({ kind, name: groupName });
const changeBody = z.object({
  name: groupName.optional(),
  position: z.number({ error: 'must be an integer' }).int('must be an integer').min(-2_147_483_648).max(2_147_483_647).nullable().optional(),
  kind: kind.optional(),
});
const membersBody = z.object({
  members: z.array(
    z.object({
      unique_id: z.union([z.string().trim().min(1, 'is required'), z.number().int().transform(String)], { error: 'is required: the component\'s unique_id' }),
      count: z.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'may not be negative').max(100_000).optional(),
      face_up: z.boolean({ error: 'must be true or false' }).nullable().optional().transform((value) => value ?? undefined),
    }),
    { error: 'is required: an array of {unique_id, count, face_up}' },
  ),
});

/** Spec §4 Groups (decks and stacks). */
export function groupsRouter(orm: Database): Router {
  const router = new Router({ prefix: '/api/v1/projects/:project/groups' });

  router.get('/', async (ctx) => {
    const { project: projectId } = parseRequest(projectParam, ctx.params);
    const query = parseRequest(listQuery, ctx.query);
    const em = orm.em.fork();
    const project = await findProject(em, principalOf(ctx).designerId, projectId);
    const groups = await listGroups(em, project.id, query.kind);
    const members = query.include_members ? await membersOf(em, groups.map((group) => group.id)) : undefined;
    ctx.body = { data: groups.map((group) => presentGroup(group, members?.get(group.id) ?? (members ? [] : undefined))) };
  });

  router.post('/', async (ctx) => {
    const { project: projectId } = parseRequest(projectParam, ctx.params);
    const body = parseRequest(createBody, ctx.request.body);
    const { group, created } = await orm.em.fork().transactional(async (tx) => {
      const project = await lockWritableProject(tx, principalOf(ctx).designerId, projectId);
      return createGroup(tx, project.id, body.kind, body.name);
    });
    ctx.status = created ? 201 : 200;
    ctx.body = { data: presentGroup(group) };
  });

  /** Runs a change to the path's group in one transaction holding the project's write lock. */
  const changeGroup = (em: EntityManager, ctx: Context, params: z.infer<typeof groupParams>, change: (tx: EntityManager, group: ComponentGroup) => Promise<void>): Promise<ComponentGroup> =>
    em.transactional(async (tx) => {
      const project = await lockWritableProject(tx, principalOf(ctx).designerId, params.project);
      const group = await findGroup(tx, project.id, params.group);
      await change(tx, group);
      return group;
    });

  router.patch('/:group', async (ctx) => {
    const params = parseRequest(groupParams, ctx.params);
    const body = parseRequest(changeBody, ctx.request.body);
    const group = await changeGroup(orm.em.fork(), ctx, params, async (tx, found) => {
      if (body.kind !== undefined && body.kind !== found.kind) throw Problem.validation({ kind: ['cannot be changed: create a group of the other kind instead'] });
      await renameGroup(tx, found, body);
    });
    ctx.body = { data: presentGroup(group) };
  });

  router.delete('/:group', async (ctx) => {
    await changeGroup(orm.em.fork(), ctx, parseRequest(groupParams, ctx.params), deleteGroup);
    ctx.body = { deleted: true, components_retained: true };
  });

  router.put('/:group/members', async (ctx) => {
    const params = parseRequest(groupParams, ctx.params);
    const body = parseRequest(membersBody, ctx.request.body);
    const em = orm.em.fork();
    const group = await changeGroup(em, ctx, params, (tx, found) => replaceMembers(tx, found, body.members));
    ctx.body = { data: presentGroup(group, (await membersOf(em, [group.id])).get(group.id) ?? []) };
  });

  return router;
}
