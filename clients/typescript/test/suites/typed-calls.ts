import { describe, expect, it } from '@jest/globals';
import { BoardsyncError, unwrap, unwrapIfModified } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { clientFor } from './client-for.ts';

export function describeTypedCalls(system: RunningSystem): void {
  describe('typed calls', () => {
    it('creates, reads and edits a project through the typed operations', async () => {
      const { client } = await clientFor(system);
      const created = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Tide Runners', player_count_min: 2 } }));
      expect(created.data).toMatchObject({ name: 'Tide Runners', player_count_min: 2, component_count: 0 });
      const project = created.data.id;
      const patched = unwrap(await client.api.PATCH('/api/v1/projects/{project}', { params: { path: { project } }, body: { genre: 'racing' } }));
      expect(patched.data.genre).toBe('racing');
      const read = unwrap(await client.api.GET('/api/v1/projects/{project}', { params: { path: { project } } }));
      expect(read.data).toMatchObject({ id: project, name: 'Tide Runners', genre: 'racing' });
    });

    it('reads conditionally: the ETag sent back answers 304, read as not modified, until the project changes', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Polled' } })).data.id;
      const read = (etag?: string) =>
        client.api.GET('/api/v1/projects/{project}', { params: { path: { project } }, ...(etag ? { headers: { 'If-None-Match': etag } } : {}) });
      const first = unwrapIfModified(await read());
      expect(first).toMatchObject({ modified: true, etag: expect.any(String) });
      expect(unwrapIfModified(await read(first.etag))).toEqual({ modified: false, etag: first.etag });
      unwrap(await client.api.PATCH('/api/v1/projects/{project}', { params: { path: { project } }, body: { genre: 'polling' } }));
      const changed = unwrapIfModified(await read(first.etag));
      expect(changed.modified && changed.data.data.genre).toBe('polling');
      expect(changed.etag).not.toBe(first.etag);
    });

    it('throws the API’s Problem as a BoardsyncError: status, code, field errors', async () => {
      const { client } = await clientFor(system, ['projects:read']);
      const missing = await client.api.GET('/api/v1/projects/{project}', { params: { path: { project: 999_999 } } });
      expect(() => unwrap(missing)).toThrow(expect.objectContaining({ name: 'NotFoundError', status: 404, code: 'not_found' }));
      expect(() => unwrap(missing)).toThrow(BoardsyncError);
      const refused = await client.api.POST('/api/v1/projects', { body: { name: 'Needs projects:write' } });
      expect(() => unwrap(refused)).toThrow(expect.objectContaining({ status: 403, code: 'insufficient_scope' }));

      const { client: writer } = await clientFor(system);
      let invalid: unknown;
      try {
        unwrap(await writer.api.POST('/api/v1/projects', { body: { name: 'Too many players', player_count_max: 100 } }));
      } catch (error) {
        invalid = error;
      }
      expect(invalid).toBeInstanceOf(BoardsyncError);
      expect((invalid as BoardsyncError).status).toBe(422);
      expect(Object.keys((invalid as BoardsyncError).fieldErrors)).toEqual(['player_count_max']);
    });

    it('lists every row of a paginated list by following links.next, filters and page size carried along', async () => {
      const { client, sent } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Paged' } })).data.id;
      const names = ['Ace', 'Bard', 'Crow', 'Dune', 'Echo'];
      await client.writeComponents(project, { type: 'card', components: names.map((name) => ({ name })) });
      await client.writeComponents(project, { type: 'token', components: [{ name: 'Not a card' }] });
      sent.length = 0;
      const collected: string[] = [];
      for await (const component of client.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'card', per_page: 2 } })) {
        collected.push(component.name ?? '');
      }
      expect(collected.sort()).toEqual(names);
      // The first page as asked, then each links.next as the API wrote it, on the client's own base URL.
      const list = `GET /api/v1/projects/${String(project)}/components?type=card&per_page=2`;
      expect(sent).toEqual([list, `${list}&page=2`, `${list}&page=3`]);
    });

    it('stops a list at the first refused page with the API’s Problem', async () => {
      const { client } = await clientFor(system, ['components:read']);
      const pages = client.list('/api/v1/projects/{project}/components', { path: { project: 999_999 }, query: {} });
      await expect(pages.next()).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    });
  });
}
