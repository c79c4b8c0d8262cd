import { describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { Component } from '../../src/store/entities/component.ts';
import { batch, changesOf, listAll, newProject, send, fieldErrorsOf, type ComponentBody, type WriteReply } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function componentWriteSuite(world: CatalogWorld): void {
  const someone = (source = 'api:personal'): Caller => ({ designerId: world.designer(), source });
  const single = (caller: Caller, projectId: number, body: Record<string, unknown>) =>
    send<WriteReply>(world, caller, 'POST', `/api/v1/projects/${String(projectId)}/components`, body);
  const rows = (count: number, row: (index: number) => Record<string, unknown>) => Array.from({ length: count }, (_, index) => row(index));
  const byUniqueId = async (caller: Caller, projectId: number, uniqueId: string): Promise<ComponentBody> => {
    const [found] = await listAll(world, caller, projectId, `&unique_id=${encodeURIComponent(uniqueId)}`);
    if (!found) throw new Error(`no component ${uniqueId}`);
    return found;
  };
  /** Waits until `count` events about the project have arrived, then returns them. */
  const changesAfter = (projectId: number, count: number) =>
    eventually(
      () => (changesOf(world, projectId).length >= count ? changesOf(world, projectId) : undefined),
      20_000,
      `${String(count)} components.changed events`,
    );

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
