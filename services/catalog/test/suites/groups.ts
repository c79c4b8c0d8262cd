import { describe, expect, it } from '@jest/globals';
import { batch, fieldErrorsOf, listAll, newProject, send, type Problem } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function groupSuite(world: CatalogWorld): void {
  interface Member {
    unique_id: string;
    component_id: number;
    name: string | null;
    position: number | null;
    count: number | null;
    face_up: boolean | null;
    source: string | null;
  }
  interface Group {
    id: number;
    kind: string;
    name: string;
    position: number | null;
    member_type: string;
    member_count?: number;
    members?: Member[];
  }

  const someone = (): Caller => ({ designerId: world.designer() });
  const groupsOf = (caller: Caller, projectId: number, query = '') =>
    send<{ data: Group[] }>(world, caller, 'GET', `/api/v1/projects/${String(projectId)}/groups${query}`);
  const createGroup = (caller: Caller, projectId: number, body: unknown) =>
    send<{ data: Group } & Problem>(world, caller, 'POST', `/api/v1/projects/${String(projectId)}/groups`, body);
  const putMembers = (caller: Caller, projectId: number, groupId: number, members: unknown) =>
    send<{ data: Group } & Problem>(world, caller, 'PUT', `/api/v1/projects/${String(projectId)}/groups/${String(groupId)}/members`, { members });

  describe('groups', () => {
    it('creates with 201, returns the same-named group (ignoring case) with 200, lists by kind, without members unless asked', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const deck = await createGroup(me, projectId, { kind: 'deck', name: 'Market' });
      expect(deck.status).toBe(201);
      expect(deck.body.data).toMatchObject({ kind: 'deck', name: 'Market', member_type: 'card' });
      const again = await createGroup(me, projectId, { kind: 'deck', name: '  market ' });
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(deck.body.data.id);
      const stack = await createGroup(me, projectId, { kind: 'stack', name: 'Market' });
      expect(stack.status).toBe(201);
      expect((await createGroup(me, projectId, { kind: 'pile', name: 'x' })).status).toBe(422);
      expect((await createGroup(me, projectId, { kind: 'deck' })).status).toBe(422);

      const all = await groupsOf(me, projectId);
      expect(all.body.data.map((group) => [group.kind, group.name])).toEqual([
        ['deck', 'Market'],
        ['stack', 'Market'],
      ]);
      expect(all.body.data[0]).not.toHaveProperty('members');
      expect(all.body.data[0]).not.toHaveProperty('member_count');
      const stacks = await groupsOf(me, projectId, '?kind=stack&include_members=true');
      expect(stacks.body.data).toEqual([expect.objectContaining({ kind: 'stack', member_count: 0, members: [] })]);
    });

    it('creates one group when the same name is posted five times at once', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) => createGroup(me, projectId, { kind: 'stack', name: index % 2 ? 'Gems' : 'gems' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    });

    it('renames and moves, refuses a rename onto a used name with 409 name_taken, and never changes kind', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const a = (await createGroup(me, projectId, { kind: 'deck', name: 'A' })).body.data;
      await createGroup(me, projectId, { kind: 'deck', name: 'B' });
      const path = `/api/v1/projects/${String(projectId)}/groups/${String(a.id)}`;
      const renamed = await send<{ data: Group }>(world, me, 'PATCH', path, { name: 'Alpha', position: 9 });
      expect(renamed.body.data).toMatchObject({ name: 'Alpha', position: 9, kind: 'deck' });
      const taken = await send<Problem>(world, me, 'PATCH', path, { name: 'b' });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('name_taken');
      expect((await send<{ data: Group }>(world, me, 'PATCH', path, { name: 'ALPHA' })).body.data.name).toBe('ALPHA');
      expect((await send<Problem>(world, me, 'PATCH', path, { kind: 'stack' })).status).toBe(422);
      expect((await send<Problem>(world, me, 'PATCH', `/api/v1/projects/${String(projectId)}/groups/999999`, { name: 'Z' })).status).toBe(404);
      expect((await groupsOf(me, projectId)).body.data.map((group) => group.name)).toEqual(['B', 'ALPHA']);
    });

    it('replaces the membership in the order given, count defaulting to quantity, and keeps components when emptied or deleted', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'a', name: 'A', quantity: 3 },
          { unique_id: 'b', name: 'B' },
          { unique_id: 'c', name: 'C' },
        ],
      });
      const deck = (await createGroup(me, projectId, { kind: 'deck', name: 'Draw' })).body.data;
      const put = await putMembers(me, projectId, deck.id, [
        { unique_id: 'c', face_up: true },
        { unique_id: 'a' },
        { unique_id: 'b', count: 2, face_up: false },
      ]);
      expect(put.status).toBe(200);
      expect(put.body.data.member_count).toBe(3);
      expect(put.body.data.members?.map((member) => [member.unique_id, member.position, member.count, member.face_up, member.source])).toEqual([
        ['c', 0, 1, true, 'api:personal'],
        ['a', 1, 3, null, 'api:personal'],
        ['b', 2, 2, false, 'api:personal'],
      ]);
      expect((await listAll(world, me, projectId, '&unique_id=a'))[0]?.deck_names).toEqual(['Draw']);

      const emptied = await putMembers(me, projectId, deck.id, []);
      expect(emptied.body.data).toMatchObject({ member_count: 0, members: [] });
      await putMembers(me, projectId, deck.id, [{ unique_id: 'a' }]);
      const deleted = await send<unknown>(world, me, 'DELETE', `/api/v1/projects/${String(projectId)}/groups/${String(deck.id)}`);
      expect(deleted).toEqual({ status: 200, body: { deleted: true, components_retained: true } });
      expect((await listAll(world, me, projectId)).map((row) => [row.unique_id, row.deck_names])).toEqual([
        ['a', []],
        ['b', []],
        ['c', []],
      ]);
      expect((await groupsOf(me, projectId)).body.data).toEqual([]);
    });

    it('refuses tokens in a deck or mixed masks with 400 mixed_group naming the shapes, and unknown members with 422, changing nothing', async () => {
      const me = someone();
      const other = someone();
      const projectId = await newProject(world, me);
      const otherProject = await newProject(world, other);
      await batch(world, other, otherProject, { type: 'card', components: [{ unique_id: 'elsewhere', name: 'E' }] });
      await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'round', name: 'Round', card_mask_type: 'circle' },
          { unique_id: 'plain', name: 'Plain' },
        ],
      });
      await batch(world, me, projectId, { type: 'token', components: [{ unique_id: 'tok', name: 'Token' }] });
      const deck = (await createGroup(me, projectId, { kind: 'deck', name: 'D' })).body.data;
      await putMembers(me, projectId, deck.id, [{ unique_id: 'plain' }]);

      const withToken = await putMembers(me, projectId, deck.id, [{ unique_id: 'plain' }, { unique_id: 'tok' }]);
      expect(withToken.status).toBe(400);
      expect(withToken.body.code).toBe('mixed_group');
      expect(withToken.body.detail).toMatch(/token/);
      const mixed = await putMembers(me, projectId, deck.id, [{ unique_id: 'plain' }, { unique_id: 'round' }]);
      expect(mixed.status).toBe(400);
      expect(mixed.body.detail).toContain('none');
      expect(mixed.body.detail).toContain('default:circle');
      const unknown = await putMembers(me, projectId, deck.id, [{ unique_id: 'round' }, { unique_id: 'elsewhere' }]);
      expect(unknown.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(unknown.body))).toEqual(['members.1.unique_id']);
      expect((await putMembers(me, projectId, deck.id, [{ component_id: 1 }])).status).toBe(422);

      const after = await groupsOf(me, projectId, '?include_members=1');
      expect(after.body.data[0]?.members?.map((member) => member.unique_id)).toEqual(['plain']);
    });
  });
}
