import { describe, expect, it } from '@jest/globals';
import { pruneChanges } from '../../src/store/change-log.ts';
import { changesAfter, drain, headOf, summary, type Change } from '../support/changes.ts';
import { batch, listAll, newProject, send, type Problem } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the changes feed must hold on Postgres + Kafka and in the embedded mode. */
export function changeFeedSuite(world: CatalogWorld): void {
  const someone = (source = 'api:card-forge'): Caller => ({ designerId: world.designer(), source });
  const reading = (caller: Caller, scopes: string[]): Caller => ({ ...caller, scopes });

  describe('the changes feed', () => {
    it('names every change after the head in commit order, each with the resource as its GET answers it, deletions as tombstones', async () => {
      const me = someone();
      const head = await headOf(world, me);
      const projectId = await newProject(world, me, 'Tide Runners');
      expect((await send(world, me, 'PATCH', `/api/v1/projects/${String(projectId)}`, { genre: 'racing' })).status).toBe(200);
      const rows = [
        { unique_id: 'row-1', name: 'Squall', deck_names: ['Weather'] },
        { unique_id: 'row-2', name: 'Gale' },
      ];
      expect((await batch(world, me, projectId, { type: 'card', components: rows })).status).toBe(201);
      expect((await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'row-1', name: 'Squall II' }], remove_missing: true })).status).toBe(
        200,
      );

      const { changes } = await drain(world, me, head);
      const components = await listAll(world, me, projectId);
      const [squall] = components;
      const gale = changes.find((change) => change.unique_id === 'row-2');
      const deck = changes.find((change) => change.resource === 'group');
      expect(changes.map(summary)).toEqual([
        `project created ${String(projectId)}`,
        `project updated ${String(projectId)}`,
        `group created ${String(deck?.id)}`,
        `component created ${String(squall?.id)}`,
        `component created ${String(gale?.id)}`,
        `component updated ${String(squall?.id)}`,
        `component deleted ${String(gale?.id)}`,
      ]);
      expect(changes.every((change) => change.project_id === projectId && change.app === 'card-forge')).toBe(true);
      const project = await send<{ data: unknown }>(world, me, 'GET', `/api/v1/projects/${String(projectId)}`);
      expect(changes[1]?.data).toEqual({ ...(project.body.data as object), component_count: 0 });
      expect(changes[5]?.data).toEqual(squall);
      expect(changes[3]?.data).toMatchObject({ name: 'Squall', deck_names: ['Weather'] });
      expect([changes[6]?.unique_id, changes[6]?.data]).toEqual(['row-2', null]);
      const groups = await send<{ data: unknown[] }>(world, me, 'GET', `/api/v1/projects/${String(projectId)}/groups`);
      expect(deck?.data).toEqual(groups.body.data[0]);
      expect(new Set(changes.map((change) => change.cursor)).size).toBe(changes.length);
    });

    it('pages with the cursor: the same changes in pages of `limit`, `has_more` until the last, and `links.next` reads on', async () => {
      const me = someone('api:personal');
      const head = await headOf(world, me);
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, {
        type: 'token',
        components: Array.from({ length: 5 }, (_, index) => ({ unique_id: `t${String(index)}`, name: `T${String(index)}` })),
      });
      const whole = await drain(world, me, head);
      expect(whole.changes).toHaveLength(6);
      expect(whole.changes.every((change) => change.app === null)).toBe(true);
      const paged = await drain(world, me, head, { limit: 2 });
      expect(paged.changes).toEqual(whole.changes);
      expect(paged.cursor).toBe(whole.cursor);
      const first = await changesAfter(world, me, { after: head, limit: 4 });
      expect([first.body.data.length, first.body.meta.has_more]).toEqual([4, true]);
      expect(first.body.links.next).toBe(`https://api.boardsync.test/api/v1/changes?after=${first.body.meta.cursor}&limit=4`);
      const next = await send<{ data: Change[] }>(world, me, 'GET', first.body.links.next.replace('https://api.boardsync.test', ''));
      expect(next.body.data).toEqual(whole.changes.slice(4, 6));
      const atEnd = await changesAfter(world, me, { after: whole.cursor });
      expect([atEnd.body.data, atEnd.body.meta]).toEqual([[], { cursor: whole.cursor, has_more: false }]);
    });

    it('shows each token only what its scopes let it read, passing over the rest; no feed scope at all is 403', async () => {
      const me = someone();
      const head = await headOf(world, me);
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'c1', name: 'One' }] });
      const everything = await drain(world, me, head);
      const componentsOnly = await drain(world, reading(me, ['components:read']), head);
      expect(componentsOnly.changes.map((change) => change.resource)).toEqual(['component']);
      expect(componentsOnly.cursor).toBe(everything.cursor);
      const assetsOnly = await drain(world, reading(me, ['assets:read']), head);
      expect([assetsOnly.changes, assetsOnly.cursor]).toEqual([[], everything.cursor]);
      const none = await changesAfter<Problem>(world, reading(me, ['components:write']), { after: head });
      expect([none.status, none.body.code]).toEqual([403, 'insufficient_scope']);
    });

    it('narrows to one project; another designer’s project is 404', async () => {
      const me = someone();
      const head = await headOf(world, me);
      const mine = await newProject(world, me, 'A');
      const other = await newProject(world, me, 'B');
      await batch(world, me, other, { type: 'card', components: [{ unique_id: 'b1' }] });
      const narrowed = await drain(world, me, head, { project: mine });
      expect(narrowed.changes.map(summary)).toEqual([`project created ${String(mine)}`]);
      const stranger = someone();
      const theirs = await newProject(world, stranger);
      const refused = await changesAfter<Problem>(world, me, { project: theirs });
      expect([refused.status, refused.body.code]).toEqual([404, 'not_found']);
    });

    it('refuses a cursor it did not make, an altered one, and another designer’s with 400 invalid_cursor, never their changes', async () => {
      const me = someone();
      const stranger = someone();
      await newProject(world, stranger, 'Secret');
      const theirs = await headOf(world, stranger);
      const mine = await headOf(world, me);
      const altered = `${mine.slice(0, -2)}${mine.endsWith('AA') ? 'AB' : 'AA'}`;
      for (const after of ['nonsense', theirs, altered, 'MC4w', 'x'.repeat(200)]) {
        const refused = await changesAfter<Problem & { data?: unknown }>(world, me, { after });
        expect([after, refused.status, refused.body.code]).toEqual([
          after,
          after.length > 128 ? 422 : 400,
          after.length > 128 ? 'validation_failed' : 'invalid_cursor',
        ]);
        expect(refused.body.data).toBeUndefined();
      }
    });

    it('holds a request with `wait` until a change exists, then answers it; with none, answers empty with the cursor unchanged', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const head = await headOf(world, me);
      const quiet = await changesAfter(world, me, { after: head, wait: 1 });
      expect([quiet.status, quiet.body.data, quiet.body.meta.cursor]).toEqual([200, [], head]);
      const held = changesAfter(world, me, { after: head, wait: 30 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'late', name: 'Late' }] });
      const answered = await held;
      expect(answered.body.data.map((change) => change.unique_id)).toEqual(['late']);
      const metrics = await (await fetch(`${world.internalUrl}/metrics`)).text();
      expect(metrics).toMatch(/^boardsync_changes_visible_seconds_count\{[^}]*\} [1-9]\d*$/m);
      expect(metrics).toMatch(/^boardsync_changes_readers_waiting\{[^}]*\} 0$/m);
    });

    it('answers 410 cursor_expired for a cursor older than what is kept, and starts after the pruned changes when no cursor is given', async () => {
      const me = someone();
      const head = await headOf(world, me);
      await newProject(world, me, 'Old');
      await pruneChanges(world.orm.em.fork(), new Date(Date.now() + 60_000));
      const expired = await changesAfter<Problem>(world, me, { after: head });
      expect([expired.status, expired.body.code]).toEqual([410, 'cursor_expired']);
      expect(expired.body.detail).toMatch(/changes\/head/);
      const projectId = await newProject(world, me, 'New');
      const fromOldest = await drain(world, me, undefined);
      expect(fromOldest.changes.map(summary)).toEqual([`project created ${String(projectId)}`]);
    });
  });
}
