import { describe, expect, it } from '@jest/globals';
import { batch, listAll, newProject, fieldErrorsOf, type ComponentBody } from '../support/components.ts';
import type { CatalogWorld } from '../support/world.ts';
import { writeHelpers } from '../support/write-helpers.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function componentBatchSuite(world: CatalogWorld): void {
  const { someone, single, rows, byUniqueId, changesAfter } = writeHelpers(world);

  describe('component writes: batches', () => {
    it('writes nothing and emits nothing when one row of 500 fails, naming its index and field', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const components = rows(500, (index) => ({
        unique_id: `c${String(index)}`,
        name: `Card ${String(index)}`,
        color: index === 250 ? 'not-a-colour' : '#ffffff',
      }));
      const refused = await batch(world, me, projectId, { type: 'card', components });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'components.250.color': [expect.any(String)] });
      expect(refused.body.detail).toMatch(/Row 250/);
      expect(await listAll(world, me, projectId)).toEqual([]);

      const tooMany = await batch(world, me, projectId, { type: 'card', components: rows(501, (index) => ({ name: `n${String(index)}` })) });
      expect(tooMany.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(tooMany.body))).toEqual(['components']);

      components[250] = { unique_id: 'c250', name: 'Card 250' };
      const created = await batch(world, me, projectId, { type: 'card', components });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ created: 500, updated: 0, deleted: 0 });
      expect(created.body.components).toHaveLength(500);
      const [event] = await changesAfter(projectId, 1);
      expect(event).toMatchObject({ projectId, type: 'card', created: 500, updated: 0, deleted: 0 });
      expect(event?.components).toHaveLength(500);
    });

    it('stores a name cut inside a surrogate pair with U+FFFD, on create and on update, as one-row writes always did', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const cut = (text: string): string => `${text} \u{1F525}`.slice(0, -1); // a lone high surrogate at the end
      const created = await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'lone', name: cut('Fire') }, { name: 'Plain' }] });
      expect(created.status).toBe(201);
      expect((await byUniqueId(me, projectId, 'lone')).name).toBe('Fire \uFFFD');
      const updated = await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'lone', name: cut('Ice') }] });
      expect(updated.status).toBe(200);
      expect((await byUniqueId(me, projectId, 'lone')).name).toBe('Ice \uFFFD');
    });

    it('treats the same batch sent again as a pure update: 200, created 0, and no event', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const components = rows(40, (index) => ({ unique_id: `k${String(index)}`, name: `Card ${String(index)}`, quantity: 2, deck_names: 'Main' }));
      expect((await batch(world, me, projectId, { type: 'card', components })).status).toBe(201);
      const again = await batch(world, me, projectId, { type: 'card', components });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: 0, updated: 40, deleted: 0, errors: [] });
      // Without unique_id the rows match by name, one existing row each: still a pure update.
      const byName = await batch(world, me, projectId, { type: 'card', components: components.map(({ name, quantity }) => ({ name, quantity })) });
      expect(byName.status).toBe(200);
      expect(byName.body).toMatchObject({ created: 0, updated: 40 });
      // One real change: the marker event must be the second event, listing only the changed row.
      const changed = await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'k7', name: 'Card 7', quantity: 3 }] });
      expect(changed.status).toBe(200);
      const events = await changesAfter(projectId, 2);
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ created: 0, updated: 1, deleted: 0, components: [{ name: 'Card 7', type: 'card' }] });
    });

    it('moves updated_at only on a real change, a deck_names change alone being one, and leaves fields a row leaves out', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const first = [
        { unique_id: 'same', name: 'Same', description: 'Kept', quantity: 2, size: 'poker', deck_names: 'Main' },
        { unique_id: 'edited', name: 'Edited', description: 'Before', phys_width_in: 2.5 },
        { unique_id: 'moved', name: 'Moved', description: 'Stays', deck_names: 'Main' },
      ];
      expect((await batch(world, me, projectId, { type: 'card', components: first })).status).toBe(201);
      const before = new Map(
        await Promise.all(first.map(async ({ unique_id }) => [unique_id, (await byUniqueId(me, projectId, unique_id)).updated_at] as const)),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await batch(world, me, projectId, {
        type: 'card',
        components: [first[0], { unique_id: 'edited', name: 'Edited', description: 'After' }, { unique_id: 'moved', name: 'Moved', deck_names: 'Side' }],
      });
      expect(again.body).toMatchObject({ created: 0, updated: 3, errors: [] });
      expect(await byUniqueId(me, projectId, 'same')).toMatchObject({
        updated_at: before.get('same'),
        description: 'Kept',
        size: 'poker',
        deck_names: ['Main'],
      });
      const edited = await byUniqueId(me, projectId, 'edited');
      expect(edited).toMatchObject({ description: 'After', phys_width_in: 2.5 });
      expect(edited.updated_at).not.toBe(before.get('edited'));
      const moved = await byUniqueId(me, projectId, 'moved');
      expect(moved).toMatchObject({ description: 'Stays', deck_names: ['Side'] });
      expect(moved.updated_at).not.toBe(before.get('moved'));
      const events = await changesAfter(projectId, 2);
      expect(events[1]).toMatchObject({ created: 0, updated: 2, deleted: 0 });
      expect(events[1]?.components.map((component) => component.name).sort()).toEqual(['Edited', 'Moved']);
    });

    it('matches on unique_id, else on the exact name; match_by_name takes over a same-named row with another unique_id', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'token', components: [{ unique_id: 'gold', name: 'Gold' }, { name: 'Silver' }] });
      const silver = (await listAll(world, me, projectId, '&name=Silver'))[0] as ComponentBody;

      const byName = await batch(world, me, projectId, { type: 'token', components: [{ name: 'Silver', color: '#cccccc' }] });
      expect(byName.body).toMatchObject({ created: 0, updated: 1 });
      expect(await byUniqueId(me, projectId, silver.unique_id)).toMatchObject({ color: '#cccccc' });

      const differentId = await batch(world, me, projectId, { type: 'token', components: [{ unique_id: 'other', name: 'Gold' }] });
      expect(differentId.body).toMatchObject({ created: 1, updated: 0 });
      const takeOver = await batch(world, me, projectId, {
        type: 'token',
        match_by_name: true,
        components: [{ unique_id: 'silver-key', name: 'Silver', quantity: 9 }],
      });
      expect(takeOver.status).toBe(200);
      expect(takeOver.body).toMatchObject({ created: 0, updated: 1 });
      expect(await byUniqueId(me, projectId, 'silver-key')).toMatchObject({ id: silver.id, quantity: 9, color: '#cccccc' });
      expect(await listAll(world, me, projectId, '&name=gold')).toEqual([]);
    });

    it('serializes concurrent batches on one project: the same new rows sent by three tools at once are created once', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const components = rows(50, (index) => ({ unique_id: `same-${String(index)}`, name: `Same ${String(index)}`, deck_names: 'Shared' }));
      const answers = await Promise.all([0, 1, 2].map(() => batch(world, me, projectId, { type: 'card', components })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
      expect(answers.map((answer) => answer.body.created).sort()).toEqual([0, 0, 50]);
      expect(await listAll(world, me, projectId)).toHaveLength(50);
    });

    it('refuses a unique_id twice in one batch, or one that belongs to another type, with 422 and nothing written', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await single(me, projectId, { type: 'card', component: { unique_id: 'x1', name: 'Card' } });
      const twice = await batch(world, me, projectId, {
        type: 'token',
        components: [
          { unique_id: 't', name: 'A' },
          { unique_id: 't', name: 'B' },
        ],
      });
      expect(twice.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(twice.body))).toEqual(['components.1.unique_id']);
      const otherType = await batch(world, me, projectId, {
        type: 'token',
        components: [
          { unique_id: 'fresh', name: 'F' },
          { unique_id: 'x1', name: 'Card' },
        ],
      });
      expect(otherType.status).toBe(422);
      expect(fieldErrorsOf(otherType.body)['components.1.unique_id']?.[0]).toMatch(/card/);
      expect((await listAll(world, me, projectId)).map((row) => row.unique_id)).toEqual(['x1']);
    });
  });
}
