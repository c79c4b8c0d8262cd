import { describe, expect, it } from '@jest/globals';
import { eventMessage, type InternalizeRequested } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { batch, changesOf, listAll, newProject } from '../support/components.ts';
import { STORED_ARTWORK_URL, type CatalogWorld, type Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function internalizeSuite(world: CatalogWorld): void {
  const requestsFor = (projectId: number): InternalizeRequested[] =>
    world.events.flatMap((event) => (event.event?.$case === 'internalizeRequested' && event.event.value.projectId === projectId ? [event.event.value] : []));

  describe('internalize_images', () => {
    it('requests a copy of the external artwork of the written rows only, and answers internalizing accordingly', async () => {
      const me: Caller = { designerId: world.designer() };
      const projectId = await newProject(world, me);
      const stored = `${STORED_ARTWORK_URL}designers/1/projects/1/back.webp`;
      const external = await batch(world, me, projectId, {
        type: 'dice',
        internalize_images: true,
        components: [{ unique_id: 'd', name: 'Die', size: 'd6', image_url: 'https://art.example/die.png', die_faces: ['https://art.example/1.png', stored] }],
      });
      expect(external.status).toBe(201);
      expect(external.body.internalizing).toBe(true);
      const [request] = await eventually(() => (requestsFor(projectId).length > 0 ? requestsFor(projectId) : undefined), 20_000, 'internalize request');
      const componentId = external.body.components[0]?.id;
      expect(request).toEqual({
        projectId,
        storageLimitBytes: 1_000_000,
        artwork: [
          { componentId, field: 'image_url', url: 'https://art.example/die.png' },
          { componentId, field: 'die_faces[0]', url: 'https://art.example/1.png' },
        ],
      });

      const ownOnly = await batch(world, me, projectId, { type: 'card', internalize_images: true, components: [{ name: 'C', image_url: stored }] });
      expect(ownOnly.body.internalizing).toBe(false);
      const notAsked = await batch(world, me, projectId, { type: 'card', components: [{ name: 'D', image_url: 'https://art.example/d.png' }] });
      expect(notAsked.body.internalizing).toBe(false);
    });

    it('rewrites the URLs the asset service copied (unless a later write replaced them) and emits components.changed', async () => {
      const me: Caller = { designerId: world.designer() };
      const projectId = await newProject(world, me);
      const written = await batch(world, me, projectId, {
        type: 'spinner',
        internalize_images: true,
        components: [
          {
            unique_id: 's',
            name: 'Wheel',
            image_url: 'https://art.example/wheel.png',
            spinner_sections: [{ label: 'Win', image_url: 'https://art.example/win.png' }],
          },
        ],
      });
      const componentId = written.body.components[0]?.id ?? 0;
      await batch(world, me, projectId, { type: 'spinner', components: [{ unique_id: 's', name: 'Wheel', image_url: 'https://art.example/wheel-v2.png' }] });

      await world.publish([
        eventMessage(
          String(projectId),
          {
            $case: 'internalizeCompleted',
            value: {
              projectId,
              rewritten: [
                { componentId, field: 'image_url', fromUrl: 'https://art.example/wheel.png', toUrl: `${STORED_ARTWORK_URL}wheel.png` },
                { componentId, field: 'spinner_sections[0].image_url', fromUrl: 'https://art.example/win.png', toUrl: `${STORED_ARTWORK_URL}win.png` },
              ],
              failed: [],
            },
          },
          { designerId: me.designerId, source: 'api:personal' },
        ),
      ]);
      const events = await eventually(() => (changesOf(world, projectId).length >= 3 ? changesOf(world, projectId) : undefined), 20_000, 'the rewrite event');
      expect(events[2]).toMatchObject({
        type: 'spinner',
        created: 0,
        updated: 1,
        deleted: 0,
        components: [{ id: componentId, name: 'Wheel', type: 'spinner' }],
      });
      const [wheel] = await listAll(world, me, projectId);
      expect(wheel).toMatchObject({
        image_url: 'https://art.example/wheel-v2.png',
        spinner_sections: [{ label: 'Win', image_url: `${STORED_ARTWORK_URL}win.png` }],
      });
    });
  });
}
