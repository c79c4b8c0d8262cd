import { describe, expect, it } from '@jest/globals';
import { batch, listAll, newProject, fieldErrorsOf, type ComponentBody } from '../support/components.ts';
import type { CatalogWorld } from '../support/world.ts';
import { writeHelpers } from '../support/write-helpers.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function componentFieldSuite(world: CatalogWorld): void {
  const { someone, single, byUniqueId } = writeHelpers(world);

  describe('component writes: fields per type', () => {
    it('creates each of the 11 types with the fields it honours and ignores the rest', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const extras = {
        die_faces: ['https://art.example/1.png'],
        card_mask_type: 'circle',
        shape: 'circle',
        back_image_url: 'https://art.example/back.png',
        deck_names: ['D'],
        sort_order: 4,
        spinner_sections: [{ label: 'a' }],
      };
      for (const type of ['card', 'token', 'dice', 'board', 'spinner', 'coin', 'bag', 'counter', 'timer', 'pack']) {
        const result = await single(me, projectId, { type, component: { name: `A ${type}`, color: '#ABCDEF', quantity: 3, ...extras } });
        expect(result.status).toBe(201);
        expect(result.body).toMatchObject({ created: 1, updated: 0, deleted: 0, errors: [], kept_artwork: [], internalizing: false });
      }
      const listed = await listAll(world, me, projectId);
      const of = (type: string) => listed.find((row) => row.type === type) as ComponentBody;
      expect(listed).toHaveLength(10);
      for (const row of listed) {
        expect(row).toMatchObject({ color: '#abcdef', quantity: 3, source: 'api:personal' });
        expect(row.unique_id).toEqual(expect.any(String));
      }
      expect(of('card')).toMatchObject({
        card_mask_type: 'default:circle',
        shape: null,
        back_image_url: 'https://art.example/back.png',
        deck_names: ['D'],
        sort_order: 4,
        die_faces: null,
        flippable: true,
      });
      expect(of('token')).toMatchObject({ shape: 'default:circle', card_mask_type: null, deck_names: [], sort_order: null });
      expect(of('dice')).toMatchObject({ die_faces: ['https://art.example/1.png'], back_image_url: null, card_mask_type: null });
      expect(of('board')).toMatchObject({ back_image_url: 'https://art.example/back.png', die_faces: null, sort_order: null });
      expect(of('spinner')).toMatchObject({ spinner_sections: [{ label: 'a' }], back_image_url: null });
      expect(of('bag')).toMatchObject({ back_image_url: null, die_faces: null, spinner_sections: null, flippable: false });
    });

    it('reads a rulebook page named from page_name with quantity always 1, and requires book_name and page_name', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const written = await single(me, projectId, {
        type: 'rulebook',
        component: { book_name: 'Rules', page_name: 'Setup', name: 'ignored', quantity: 7, sort_order: 2 },
      });
      expect(written.status).toBe(201);
      const [page] = await listAll(world, me, projectId);
      expect(page).toMatchObject({ type: 'rulebook', name: 'Setup', book_name: 'Rules', page_name: 'Setup', quantity: 1, sort_order: 2 });
      const missing = await single(me, projectId, { type: 'rulebook', component: { name: 'Setup' } });
      expect(missing.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(missing.body)).sort()).toEqual(['component.book_name', 'component.page_name']);
    });

    it('accepts dice as a die type, face URLs as an array, a pipe string or die_face_urls, labels either way', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const result = await batch(world, me, projectId, {
        type: 'dice',
        components: [
          {
            unique_id: 'a',
            name: 'Pipe',
            size: 6,
            die_faces: 'https://f.example/1.png | https://f.example/2.png',
            die_face_labels: '1|2|3|4|5|6',
            dice_style: 'custom',
          },
          { unique_id: 'b', name: 'Alias', size: 'D4', die_face_urls: ['https://f.example/x.png'], die_face_labels: ['a', 'b'] },
        ],
      });
      expect(result.status).toBe(201);
      expect(await byUniqueId(me, projectId, 'a')).toMatchObject({
        size: 'd6',
        die_faces: ['https://f.example/1.png', 'https://f.example/2.png'],
        die_face_labels: ['1', '2', '3', '4', '5', '6'],
        dice_style: 'custom',
      });
      expect(await byUniqueId(me, projectId, 'b')).toMatchObject({ size: 'd4', die_faces: ['https://f.example/x.png'], die_face_labels: ['a', 'b'] });
    });

    it('answers a write that uses the deprecated die_face_urls with Deprecation and Link headers (RFC 9745), and one that does not without', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const write = (path: string, body: unknown) => world.call(me, 'POST', `/api/v1/projects/${String(projectId)}/components${path}`, body);
      const deprecated = [
        await write('/batch', { type: 'dice', components: [{ unique_id: 'old', name: 'Old', die_face_urls: ['https://f.example/1.png'] }] }),
        await write('', { type: 'dice', component: { unique_id: 'old-one', name: 'Old one', die_face_urls: ['https://f.example/1.png'] } }),
        // Refused for another field, it still used the alias.
        await write('', { type: 'dice', component: { name: 'Bad', size: 'd7', die_face_urls: [] } }),
      ];
      expect(deprecated.map((answer) => answer.status)).toEqual([201, 201, 422]);
      for (const answer of deprecated) {
        expect(answer.headers.get('deprecation')).toBe(`@${String(Date.UTC(2026, 10, 28) / 1000)}`);
        expect(answer.headers.get('link')).toBe('</docs#section/Versioning-and-deprecation>; rel="deprecation"; type="text/html"');
        expect(answer.headers.get('sunset')).toBeNull();
      }
      const current = await write('/batch', { type: 'dice', components: [{ unique_id: 'new', name: 'New', die_faces: ['https://f.example/1.png'] }] });
      expect(current.status).toBe(201);
      expect([current.headers.get('deprecation'), current.headers.get('link')]).toEqual([null, null]);
      const listed = await world.call(me, 'GET', `/api/v1/projects/${String(projectId)}/components`);
      expect(listed.headers.get('deprecation')).toBeNull();
    });

    it.each([
      ['an unknown die type', 'dice', { name: 'x', size: 'd7' }, 'component.size'],
      [
        'more faces than the die has',
        'dice',
        { name: 'x', size: 'd2', die_faces: ['https://f.example/1', 'https://f.example/2', 'https://f.example/3'] },
        'component.die_faces',
      ],
      ['an unknown dice style', 'dice', { name: 'x', dice_style: 'fancy' }, 'component.dice_style'],
      ['a bad colour', 'card', { name: 'x', color: 'red' }, 'component.color'],
      ['a rotation of 45', 'card', { name: 'x', image_rotation: 45 }, 'component.image_rotation'],
      ['a facing of 91', 'token', { name: 'x', facing: 91 }, 'component.facing'],
      ['a non-URL image', 'card', { name: 'x', image_url: 'not a url' }, 'component.image_url'],
      [
        'a spinner section image that is not a URL',
        'spinner',
        { name: 'x', spinner_sections: [{ image_url: 'ftp://x' }] },
        'component.spinner_sections.0.image_url',
      ],
      ['a missing name', 'token', { quantity: 2 }, 'component.name'],
      ['a fractional quantity', 'coin', { name: 'x', quantity: 1.5 }, 'component.quantity'],
      ['a card mask outside the vocabulary', 'card', { name: 'x', card_mask_type: 'blob' }, 'component.card_mask_type'],
      ['a card-only mask on a token', 'token', { name: 'x', shape: 'diamond' }, 'component.shape'],
    ])('refuses %s with 422 naming the field, writing nothing', async (_case, type, component, field) => {
      const me = someone();
      const projectId = await newProject(world, me);
      const result = await single(me, projectId, { type, component });
      expect(result.status).toBe(422);
      expect(result.body.code).toBe('validation_failed');
      expect(Object.keys(fieldErrorsOf(result.body))).toEqual([field]);
      expect(await listAll(world, me, projectId)).toEqual([]);
    });

    it('refuses legacy and unknown types on write with 422 on `type`', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      for (const type of ['cube', 'other', 'piece', 'meeple', undefined]) {
        const result = await batch(world, me, projectId, { type, components: [{ name: 'x' }] });
        expect(result.status).toBe(422);
        expect(Object.keys(fieldErrorsOf(result.body))).toEqual(['type']);
      }
      const legacy = await batch(world, me, projectId, { type: 'cube', components: [] });
      expect(fieldErrorsOf(legacy.body).type?.[0]).toMatch(/legacy/);
    });

    it('resolves masks: bare spellings read back as default:…, custom masks by id or by name ignoring case and spaces', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const made = await world.admin('POST', '/masks', { designer_id: me.designerId, kind: 'card', name: 'Shield Shape', aspect: '5:7' });
      expect(made.status).toBe(201);
      const { value } = (await made.json()) as { value: string };
      const result = await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'bare', name: 'Bare', card_mask_type: 'rectangle_rounded' },
          { unique_id: 'rect', name: 'Rect', card_mask_type: 'default:rectangle' },
          { unique_id: 'none', name: 'None', card_mask_type: 'none' },
          { unique_id: 'named', name: 'Named', card_mask_type: '  shield SHAPE ' },
          { unique_id: 'byid', name: 'ById', card_mask_type: value },
          { unique_id: 'unset', name: 'Unset' },
        ],
      });
      expect(result.status).toBe(201);
      const masks = Object.fromEntries((await listAll(world, me, projectId)).map((row) => [row.unique_id, row.card_mask_type]));
      expect(masks).toEqual({ bare: 'default:rectangle_rounded', rect: 'default:rectangle', none: 'none', named: value, byid: value, unset: 'none' });
      const token = await single(me, projectId, { type: 'token', component: { name: 'T' } });
      expect(token.status).toBe(201);
      expect((await listAll(world, me, projectId, '&type=token'))[0]?.shape).toBe('none');
    });
  });
}
