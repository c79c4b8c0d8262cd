import { describe, expect, it } from '@jest/globals';
import { changesAfter, drain, headOf, type Change } from '../support/changes.ts';
import { batch, newProject, send } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

const WRITERS = 6;
const WRITES_EACH = 12;

/**
 * Run by a spec file per backend: a reader following the feed while writers commit in concurrent
 * transactions (each write its own connection of the pool) sees exactly the committed changes:
 * none skipped, none twice, none of another designer's.
 */
export function changeRaceSuite(world: CatalogWorld): void {
  describe('the changes feed under concurrent writers', () => {
    it('a reader following with its cursor sees every committed change once, in the feed’s order, and none of a neighbour’s', async () => {
      const me: Caller = { designerId: world.designer(), source: 'api:racer' };
      const neighbour: Caller = { designerId: world.designer(), source: 'api:racer' };
      const head = await headOf(world, me);
      const projects = [await newProject(world, me, 'P1'), await newProject(world, me, 'P2'), await newProject(world, me, 'P3')];
      const theirs = await newProject(world, neighbour, 'Theirs');

      const seen: Change[] = [];
      let writing = true;
      const reader = (async () => {
        let cursor = head;
        while (writing) {
          const page = await changesAfter(world, me, { after: cursor, wait: 1, limit: 7 });
          expect(page.status).toBe(200);
          seen.push(...page.body.data);
          cursor = page.body.meta.cursor;
        }
        seen.push(...(await drain(world, me, cursor)).changes);
      })();

      const created: string[] = [];
      const writer = async (index: number): Promise<void> => {
        for (let write = 0; write < WRITES_EACH; write++) {
          const projectId = projects[(index + write) % projects.length] ?? 0;
          const uniqueId = `w${String(index)}-${String(write)}`;
          const reply = await batch(world, me, projectId, { type: 'card', components: [{ unique_id: uniqueId, name: uniqueId }] });
          expect(reply.status).toBe(201);
          created.push(uniqueId);
          if (write % 3 === 2) expect((await send(world, me, 'DELETE', `/api/v1/projects/${String(projectId)}/components/${uniqueId}`)).status).toBe(200);
          expect((await batch(world, neighbour, theirs, { type: 'card', components: [{ unique_id: `n${uniqueId}`, name: uniqueId }] })).status).toBe(201);
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
      writing = false;
      await reader;

      const committed = (await drain(world, me, head)).changes;
      expect(seen.map((change) => change.cursor)).toEqual(committed.map((change) => change.cursor));
      const createdSeen = seen.filter((change) => change.resource === 'component' && change.action === 'created').map((change) => change.unique_id);
      expect(createdSeen.sort()).toEqual([...created].sort());
      expect(seen.filter((change) => change.action === 'deleted')).toHaveLength(WRITERS * (WRITES_EACH / 3));
      expect(seen.some((change) => change.project_id === theirs)).toBe(false);
    });
  });
}
