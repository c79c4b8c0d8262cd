import { describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { Component } from '../../src/store/entities/component.ts';
import { batch, changesOf, listAll, newProject, send, type ComponentBody, type Problem } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function componentReadDeleteSuite(world: CatalogWorld): void {
  const someone = (source = 'api:personal'): Caller => ({ designerId: world.designer(), source });

  interface Page {
    data: ComponentBody[];
    links: { first: string; last: string; prev: string | null; next: string | null };
    meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null };
  }

  describe('component list', () => {
    it('groups by type then sort_order, filters exactly by type, name and unique_id, and paginates with filters carried', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'token', components: [{ unique_id: 't1', name: 'Coin' }] });
      await batch(world, me, projectId, {
        type: 'card',
        components: [
          { unique_id: 'c3', name: 'Third', sort_order: 3 },
          { unique_id: 'c1', name: 'First', sort_order: 1 },
          { unique_id: 'cx', name: 'Unsorted' },
          { unique_id: 'c2', name: 'Second', sort_order: 2 },
        ],
      });
      const all = await listAll(world, me, projectId);
      expect(all.map((row) => row.unique_id)).toEqual(['c1', 'c2', 'c3', 'cx', 't1']);

      expect((await listAll(world, me, projectId, '&type=token')).map((row) => row.unique_id)).toEqual(['t1']);
      expect((await listAll(world, me, projectId, '&type=cube')).map((row) => row.unique_id)).toEqual([]);
      expect((await listAll(world, me, projectId, '&name=Second')).map((row) => row.unique_id)).toEqual(['c2']);
      expect(await listAll(world, me, projectId, '&name=second')).toEqual([]);
      expect((await listAll(world, me, projectId, '&unique_id=c3')).map((row) => row.name)).toEqual(['Third']);

      const page = await send<Page>(world, me, 'GET', `/api/v1/projects/${String(projectId)}/components?type=card&per_page=3`);
      expect(page.body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 3, total: 4, from: 1, to: 3 });
      const next = new URL(page.body.links.next ?? '');
      expect(next.searchParams.get('type')).toBe('card');
      expect(next.searchParams.get('per_page')).toBe('3');
      const second = await send<Page>(world, me, 'GET', `${next.pathname}${next.search}`);
      expect(second.body.data.map((row) => row.unique_id)).toEqual(['cx']);
      expect(second.body.links.next).toBeNull();

      const clamped = await send<Page>(world, me, 'GET', `/api/v1/projects/${String(projectId)}/components?per_page=5000`);
      expect(clamped.body.meta.per_page).toBe(200);
      const badType = await send<Problem>(world, me, 'GET', `/api/v1/projects/${String(projectId)}/components?type=meeple`);
      expect(badType.status).toBe(422);
    });

    it('reads, filters and deletes legacy types that can no longer be created', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const em = world.orm.em.fork();
      for (const type of ['cube', 'packaging']) {
        em.create(Component, {
          projectId,
          type,
          uniqueId: `old-${type}`,
          name: `Old ${type}`,
          source: 'api:personal',
          maskImage: false,
          imageRotation: 0,
          quantity: 4,
        });
      }
      await em.flush();
      expect((await listAll(world, me, projectId, '&type=cube')).map((row) => [row.unique_id, row.type, row.quantity])).toEqual([['old-cube', 'cube', 4]]);
      expect((await listAll(world, me, projectId, '&type=packaging')).map((row) => row.unique_id)).toEqual(['old-packaging']);
      const deleted = await send<{ deleted: number }>(world, me, 'DELETE', `/api/v1/projects/${String(projectId)}/components?type=cube`);
      expect(deleted.body).toEqual({ deleted: 1 });
      expect((await listAll(world, me, projectId)).map((row) => row.type)).toEqual(['packaging']);
    });

    it('counts components on the project list and read', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'coin', components: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
      const read = await send<{ data: { component_count: number } }>(world, me, 'GET', `/api/v1/projects/${String(projectId)}`);
      expect(read.body.data.component_count).toBe(3);
      const list = await send<{ data: { id: number; component_count: number }[] }>(world, me, 'GET', '/api/v1/projects');
      expect(list.body.data.find((project) => project.id === projectId)?.component_count).toBe(3);
    });
  });

  describe('component deletes', () => {
    it("bulk delete reaches only the caller's rows, optionally of one type, and emits one event", async () => {
      const designerId = world.designer();
      const mine = { designerId, source: 'api:mine' };
      const theirs = { designerId, source: 'api:theirs' };
      const projectId = await newProject(world, mine);
      await batch(world, mine, projectId, { type: 'card', components: [{ name: 'C1' }, { name: 'C2' }] });
      await batch(world, mine, projectId, { type: 'token', components: [{ name: 'T1' }] });
      await batch(world, theirs, projectId, { type: 'card', components: [{ name: 'Theirs' }] });

      const typed = await send<{ deleted: number }>(world, mine, 'DELETE', `/api/v1/projects/${String(projectId)}/components?type=card`);
      expect(typed).toEqual({ status: 200, body: { deleted: 2 } });
      const rest = await send<{ deleted: number }>(world, mine, 'DELETE', `/api/v1/projects/${String(projectId)}/components`);
      expect(rest.body).toEqual({ deleted: 1 });
      const none = await send<{ deleted: number }>(world, mine, 'DELETE', `/api/v1/projects/${String(projectId)}/components`);
      expect(none.body).toEqual({ deleted: 0 });
      expect((await listAll(world, mine, projectId)).map((row) => row.name)).toEqual(['Theirs']);
      const events = await eventually(() => (changesOf(world, projectId).length >= 5 ? changesOf(world, projectId) : undefined), 20_000, 'delete events');
      expect(events.slice(3).map((event) => [event.type, event.deleted, event.components.length])).toEqual([
        ['card', 2, 0],
        ['token', 1, 0],
      ]);
    });

    it("single delete by unique_id: 200 for the caller's own row, 403 for another source's, 404 when absent", async () => {
      const designerId = world.designer();
      const mine = { designerId, source: 'api:mine' };
      const theirs = { designerId, source: 'api:theirs' };
      const projectId = await newProject(world, mine);
      await batch(world, mine, projectId, { type: 'card', components: [{ unique_id: 'my card 1', name: 'Mine' }] });
      await batch(world, theirs, projectId, { type: 'card', components: [{ unique_id: 'their-card', name: 'Theirs' }] });
      const base = `/api/v1/projects/${String(projectId)}/components`;

      const forbidden = await send<Problem>(world, mine, 'DELETE', `${base}/their-card`);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('forbidden');
      const absent = await send<Problem>(world, mine, 'DELETE', `${base}/nothing-here`);
      expect(absent.status).toBe(404);
      const byNumericId = (await listAll(world, mine, projectId, '&unique_id=their-card'))[0]?.id;
      expect((await send<Problem>(world, theirs, 'DELETE', `${base}/${String(byNumericId)}`)).status).toBe(404);
      // A path segment is what the gateway lets through: no separator even percent-encoded, so a key holding one is refused by name.
      const unaddressable = await send<Problem>(world, mine, 'DELETE', `${base}/${encodeURIComponent('my/card 1')}`);
      expect([unaddressable.status, Object.keys(unaddressable.body.errors ?? {})]).toEqual([422, ['uniqueId']]);
      const deleted = await send<{ deleted: boolean }>(world, mine, 'DELETE', `${base}/${encodeURIComponent('my card 1')}`);
      expect(deleted).toEqual({ status: 200, body: { deleted: true } });
      expect((await listAll(world, mine, projectId)).map((row) => row.unique_id)).toEqual(['their-card']);
    });
  });

  describe('locks and isolation', () => {
    it('refuses every component and group write on a locked project with 409 project_locked, and still reads', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'c', name: 'C' }] });
      const deck = await send<{ data: { id: number } }>(world, me, 'POST', `/api/v1/projects/${String(projectId)}/groups`, { kind: 'deck', name: 'D' });
      expect((await world.admin('POST', `/projects/${String(projectId)}/lock`)).status).toBe(200);
      const base = `/api/v1/projects/${String(projectId)}`;
      const writes: [string, string, unknown][] = [
        ['POST', `${base}/components`, { type: 'card', component: { name: 'X' } }],
        ['POST', `${base}/components/batch`, { type: 'card', components: [{ name: 'X' }] }],
        ['DELETE', `${base}/components`, undefined],
        ['DELETE', `${base}/components/c`, undefined],
        ['POST', `${base}/groups`, { kind: 'deck', name: 'E' }],
        ['PATCH', `${base}/groups/${String(deck.body.data.id)}`, { name: 'F' }],
        ['PUT', `${base}/groups/${String(deck.body.data.id)}/members`, { members: [] }],
        ['DELETE', `${base}/groups/${String(deck.body.data.id)}`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const response = await send<Problem>(world, me, method, path, body);
        expect([method, path, response.status, response.body.code]).toEqual([method, path, 409, 'project_locked']);
      }
      expect((await listAll(world, me, projectId)).map((row) => row.unique_id)).toEqual(['c']);
    });

    it("answers 404 for another designer's project, whatever the endpoint", async () => {
      const owner = someone();
      const stranger = someone();
      const projectId = await newProject(world, owner);
      await batch(world, owner, projectId, { type: 'card', components: [{ unique_id: 'c', name: 'C' }] });
      const base = `/api/v1/projects/${String(projectId)}`;
      for (const [method, path, body] of [
        ['GET', `${base}/components`, undefined],
        ['POST', `${base}/components/batch`, { type: 'card', components: [{ name: 'X' }] }],
        ['DELETE', `${base}/components/c`, undefined],
        ['GET', `${base}/groups`, undefined],
        ['POST', `${base}/groups`, { kind: 'deck', name: 'D' }],
      ] as const) {
        const response = await send<Problem>(world, stranger, method, path, body);
        expect([method, path, response.status]).toEqual([method, path, 404]);
      }
      expect((await listAll(world, owner, projectId)).map((row) => row.name)).toEqual(['C']);
    });
  });
}
