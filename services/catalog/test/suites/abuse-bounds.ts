import { describe, expect, it } from '@jest/globals';
import { batch, fieldErrorsOf, listAll, newProject, send, type Problem, type WriteReply } from '../support/components.ts';
import { PUBLIC_BASE_URL, type CatalogWorld, type Caller } from '../support/world.ts';

/** Run by a spec file per backend: body limits, array and string bounds, and links that no caller header can redirect. */
export function abuseBoundSuite(world: CatalogWorld): void {
  const someone = (): Caller => ({ designerId: world.designer() });
  const componentsPath = (projectId: number) => `/api/v1/projects/${String(projectId)}/components`;
  const MB = 1024 * 1024;

  describe('body limits', () => {
    it('refuses a body over 1 MB with 413 payload_too_large on every route but the batch, and writes nothing', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const big = 'x'.repeat(MB + 1);
      const refusals = [
        await send<Problem>(world, me, 'POST', '/api/v1/projects', { name: 'Big', padding: big }),
        await send<Problem>(world, me, 'PATCH', `/api/v1/projects/${String(projectId)}`, { padding: big }),
        await send<Problem>(world, me, 'POST', componentsPath(projectId), { type: 'card', component: { name: 'Big' }, padding: big }),
        await send<Problem>(world, me, 'POST', `/api/v1/projects/${String(projectId)}/groups`, { kind: 'deck', name: 'Big', padding: big }),
      ];
      for (const refused of refusals) expect(refused).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      expect(await listAll(world, me, projectId)).toEqual([]);
      const projects = await send<{ meta: { total: number } }>(world, me, 'GET', '/api/v1/projects');
      expect(projects.body.meta.total).toBe(1);
    });

    it('takes a batch well over 1 MB, and refuses one over 32 MB with 413', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const rows = Array.from({ length: 150 }, (_, index) => ({
        unique_id: `r${String(index)}`,
        name: `Row ${String(index)}`,
        description: 'd'.repeat(19_000),
      }));
      const written = await batch(world, me, projectId, { type: 'card', components: rows });
      expect(written.status).toBe(201);
      expect(written.body.created).toBe(150);

      const huge = await batch(world, me, projectId, { type: 'card', components: [{ name: 'Huge' }], padding: 'x'.repeat(32 * MB + 1) });
      expect(huge).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      expect(await listAll(world, me, projectId)).toHaveLength(150);
    });
  });

  describe('array and string bounds', () => {
    it('refuses a PUT members of more than 10,000 entries with 422 naming members', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'a', name: 'A' }] });
      const deck = await send<{ data: { id: number } }>(world, me, 'POST', `/api/v1/projects/${String(projectId)}/groups`, { kind: 'deck', name: 'D' });
      const path = `/api/v1/projects/${String(projectId)}/groups/${String(deck.body.data.id)}/members`;
      const tooMany = await send<Problem>(world, me, 'PUT', path, {
        members: Array.from({ length: 10_001 }, (_, index) => ({ unique_id: `m${String(index)}` })),
      });
      expect(tooMany.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(tooMany.body))).toEqual(['members']);
      const longId = await send<Problem>(world, me, 'PUT', path, { members: [{ unique_id: 'u'.repeat(256) }] });
      expect(longId.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(longId.body))).toEqual(['members.0.unique_id']);
    });

    it.each([
      ['101 deck names', 'card', { deck_names: Array.from({ length: 101 }, (_, index) => `D${String(index)}`) }, 'deck_names'],
      ['a 256-character deck name', 'card', { deck_names: ['ok', 'n'.repeat(256)] }, 'deck_names.1'],
      ['101 stack names as a pipe string', 'token', { stack_names: Array.from({ length: 101 }, (_, index) => `S${String(index)}`).join('|') }, 'stack_names'],
      ['a 256-character stack name', 'token', { stack_names: ['n'.repeat(256)] }, 'stack_names.0'],
      ['a spinner section over 4096 characters', 'spinner', { spinner_sections: [{ label: 'ok' }, { label: 'l'.repeat(4100) }] }, 'spinner_sections.1'],
    ])('refuses %s with 422 naming the field, writing nothing', async (_case, type, fields, field) => {
      const me = someone();
      const projectId = await newProject(world, me);
      const refused = await batch(world, me, projectId, { type, components: [{ name: 'Bounded', ...fields }] });
      expect(refused.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(refused.body))).toEqual([`components.0.${field}`]);
      expect(await listAll(world, me, projectId)).toEqual([]);
      const groups = await send<{ data: unknown[] }>(world, me, 'GET', `/api/v1/projects/${String(projectId)}/groups`);
      expect(groups.body.data).toEqual([]);
    });

    const long = (length: number) => 'x'.repeat(length);
    const url = (length: number) => `https://art.example/${'a'.repeat(length - 'https://art.example/'.length)}`;
    it.each([
      ['a 256-character name', 'card', { name: long(256) }, 'name'],
      ['a 256-character unique_id', 'card', { name: 'x', unique_id: long(256) }, 'unique_id'],
      ['a 20,001-character description', 'card', { name: 'x', description: long(20_001) }, 'description'],
      ['a 20,001-character notes', 'token', { name: 'x', notes: long(20_001) }, 'notes'],
      ['a 256-character material', 'board', { name: 'x', material: long(256) }, 'material'],
      ['a 256-character legacy size', 'card', { name: 'x', size: long(256) }, 'size'],
      ['a 2049-character image_url', 'card', { name: 'x', image_url: url(2049) }, 'image_url'],
      ['121 die faces', 'dice', { name: 'x', die_faces: Array.from({ length: 121 }, () => url(40)) }, 'die_faces'],
      ['121 die face labels', 'dice', { name: 'x', die_face_labels: Array.from({ length: 121 }, () => 'l') }, 'die_face_labels'],
      ['a 256-character die face label', 'dice', { name: 'x', die_face_labels: ['ok', long(256)] }, 'die_face_labels.1'],
      ['65 spinner sections', 'spinner', { name: 'x', spinner_sections: Array.from({ length: 65 }, () => ({ label: 's' })) }, 'spinner_sections'],
    ])('refuses a single write with %s, 422 naming the field', async (_case, type, component, field) => {
      const me = someone();
      const projectId = await newProject(world, me);
      const refused = await send<Problem>(world, me, 'POST', componentsPath(projectId), { type, component });
      expect(refused.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(refused.body))).toEqual([`component.${field}`]);
      expect(await listAll(world, me, projectId)).toEqual([]);
    });

    it('refuses a batch of 501 rows, and a 256-character group name, with 422 naming the field', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const rows = await batch(world, me, projectId, { type: 'bag', components: Array.from({ length: 501 }, (_, index) => ({ name: `B${String(index)}` })) });
      expect(rows.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(rows.body))).toEqual(['components']);
      const group = await send<Problem>(world, me, 'POST', `/api/v1/projects/${String(projectId)}/groups`, { kind: 'deck', name: long(256) });
      expect(group.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(group.body))).toEqual(['name']);
      expect(await listAll(world, me, projectId)).toEqual([]);
    });

    it('takes exactly 100 deck names of 255 characters', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const names = Array.from({ length: 100 }, (_, index) => `${String(index).padStart(3, '0')}${'n'.repeat(252)}`);
      const written = await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'c', name: 'C', deck_names: names }] });
      expect(written.status).toBe(201);
      const [card] = await listAll(world, me, projectId);
      expect(card?.deck_names).toHaveLength(100);
    });

    it('refuses list filters longer than 255 characters with 422 naming the filter', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      for (const filter of ['name', 'unique_id']) {
        const refused = await send<Problem>(world, me, 'GET', `${componentsPath(projectId)}?${filter}=${'f'.repeat(256)}`);
        expect(refused.status).toBe(422);
        expect(Object.keys(fieldErrorsOf(refused.body))).toEqual([filter]);
      }
    });
  });

  describe('pages', () => {
    it('answers a page past the last empty, and refuses an absurd page number with 422 naming page', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      for (const path of ['/api/v1/projects', componentsPath(projectId)]) {
        const past = await send<{ data: unknown[]; meta: { current_page: number; total: number } }>(world, me, 'GET', `${path}?page=10000000`);
        expect([past.status, past.body.data, past.body.meta.current_page]).toEqual([200, [], 10_000_000]);
        const absurd = await send<Problem>(world, me, 'GET', `${path}?page=99999999999999999999`);
        expect([absurd.status, Object.keys(fieldErrorsOf(absurd.body))]).toEqual([422, ['page']]);
      }
    });
  });

  describe('pagination links', () => {
    it('start with PUBLIC_BASE_URL whatever Host and X-Forwarded-* the caller sends', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const written: { status: number; body: WriteReply } = await batch(world, me, projectId, {
        type: 'token',
        components: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
      });
      expect(written.status).toBe(201);
      const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', forwarded: 'host=evil.example;proto=http' };
      for (const path of ['/api/v1/projects?per_page=1', `${componentsPath(projectId)}?per_page=1&page=2`]) {
        const response = await world.call(me, 'GET', path, undefined, hostile);
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(text).not.toContain('evil.example');
        const page = JSON.parse(text) as { links: Record<string, string | null>; meta: { path: string; links: { url: string | null }[] } };
        const urls = [...Object.values(page.links), page.meta.path, ...page.meta.links.map((link) => link.url)].filter((url) => url !== null);
        expect(urls.length).toBeGreaterThan(2);
        for (const url of urls) expect(url.startsWith(`${PUBLIC_BASE_URL}/api/v1/projects`)).toBe(true);
      }
    });
  });
}
