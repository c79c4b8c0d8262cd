import { describe, expect, it } from '@jest/globals';
import { Component } from '../../src/store/entities/component.ts';
import { batch, listAll, newProject, send } from '../support/components.ts';
import type { CatalogWorld } from '../support/world.ts';
import { writeHelpers } from '../support/write-helpers.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function componentBatchOwnershipSuite(world: CatalogWorld): void {
  const { someone, single, rows, byUniqueId, changesAfter } = writeHelpers(world);

  describe('component writes: what a batch keeps and owns', () => {
    it("remove_missing deletes only this app's rows of the type, never another app's or a hand-made one", async () => {
      const designerId = world.designer();
      const appA = { designerId, source: 'api:app-a' };
      const appB = { designerId, source: 'api:app-b' };
      const projectId = await newProject(world, appA);
      await batch(world, appA, projectId, { type: 'card', components: rows(5, (index) => ({ unique_id: `a${String(index)}`, name: `A${String(index)}` })) });
      await batch(world, appA, projectId, { type: 'token', components: [{ unique_id: 'a-token', name: 'Kept token' }] });
      await batch(world, appB, projectId, { type: 'card', components: [{ unique_id: 'b0', name: 'B0' }] });
      const em = world.orm.em.fork();
      em.create(Component, {
        projectId,
        type: 'card',
        uniqueId: 'hand',
        name: 'Hand-made',
        source: null,
        maskImage: false,
        imageRotation: 0,
        quantity: 1,
        cardMaskType: 'none',
      });
      await em.flush();

      const result = await batch(world, appA, projectId, {
        type: 'card',
        remove_missing: true,
        components: [
          { unique_id: 'a1', name: 'A1' },
          { unique_id: 'hand', name: 'Hand-made', color: '#000000' },
        ],
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ created: 0, updated: 2, deleted: 4 });
      const left = await listAll(world, appA, projectId);
      expect(left.map((row) => row.unique_id).sort()).toEqual(['a-token', 'a1', 'b0', 'hand']);
      // Updating a hand-made row does not make it the app's.
      expect(left.find((row) => row.unique_id === 'hand')).toMatchObject({ source: null, color: '#000000' });
      const events = await changesAfter(projectId, 4);
      expect(events[3]).toMatchObject({ type: 'card', created: 0, updated: 1, deleted: 4 });
      expect(events[3]?.components.map((ref) => ref.name)).toEqual(['Hand-made']);
    });

    it('keeps the artwork of matched rows sent without it, and says so in kept_artwork', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'art', name: 'With art', image_url: 'https://art.example/front.png', back_image_url: 'https://art.example/back.png' },
          { unique_id: 'plain', name: 'Plain' },
        ],
      });
      const resent = await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'art', name: 'With art', image_url: '' },
          { unique_id: 'plain', name: 'Plain' },
        ],
      });
      expect(resent.body.kept_artwork).toEqual(['With art']);
      expect(await byUniqueId(me, projectId, 'art')).toMatchObject({
        image_url: 'https://art.example/front.png',
        back_image_url: 'https://art.example/back.png',
      });
      const cleared = await batch(world, me, projectId, {
        type: 'card',
        components: [{ unique_id: 'art', name: 'With art', image_url: null, back_image_url: 'https://art.example/new-back.png' }],
      });
      expect(cleared.body.kept_artwork).toEqual([]);
      expect(await byUniqueId(me, projectId, 'art')).toMatchObject({ image_url: null, back_image_url: 'https://art.example/new-back.png' });
    });

    it('sets deck membership from deck_names (creating decks) and reports a card that cannot join in errors[]', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const result = await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'r1', name: 'Round 1', card_mask_type: 'circle', deck_names: 'Market | Starter' },
          { unique_id: 'r2', name: 'Round 2', card_mask_type: 'circle', deck_names: ['market'] },
          { unique_id: 's1', name: 'Square', card_mask_type: 'square', deck_names: ['Market', 'Discard'] },
        ],
      });
      expect(result.status).toBe(201);
      expect(result.body.created).toBe(3);
      expect(result.body.errors).toEqual([
        {
          index: 2,
          unique_id: 's1',
          name: 'Square',
          code: 'mixed_group',
          message: expect.stringMatching(/default:circle.*default:square|default:square.*default:circle/),
        },
      ]);
      expect(await byUniqueId(me, projectId, 'r1')).toMatchObject({ deck_names: ['Market', 'Starter'] });
      expect(await byUniqueId(me, projectId, 's1')).toMatchObject({ deck_names: ['Discard'] });
      const decks = await send<{ data: { name: string; members: { unique_id: string; position: number }[] }[] }>(
        world,
        me,
        'GET',
        `/api/v1/projects/${String(projectId)}/groups?kind=deck&include_members=true`,
      );
      expect(decks.body.data.map((deck) => [deck.name, deck.members.map((member) => member.unique_id)])).toEqual([
        ['Market', ['r1', 'r2']],
        ['Starter', ['r1']],
        ['Discard', ['s1']],
      ]);
      // An empty list leaves every deck; leaving deck_names out leaves membership alone.
      await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'r1', name: 'Round 1', deck_names: [] },
          { unique_id: 'r2', name: 'Round 2' },
        ],
      });
      expect(await byUniqueId(me, projectId, 'r1')).toMatchObject({ deck_names: [] });
      expect(await byUniqueId(me, projectId, 'r2')).toMatchObject({ deck_names: ['Market'] });
    });

    it("stamps created rows with the caller's source and keeps another source on update", async () => {
      const designerId = world.designer();
      const projectId = await newProject(world, { designerId });
      await single({ designerId, source: 'api:maker' }, projectId, { type: 'board', component: { unique_id: 'b', name: 'Board' } });
      await single({ designerId, source: 'api:editor' }, projectId, { type: 'board', component: { unique_id: 'b', name: 'Board', material: 'Wood' } });
      expect(await byUniqueId({ designerId }, projectId, 'b')).toMatchObject({ source: 'api:maker', material: 'Wood' });
    });
  });
}
