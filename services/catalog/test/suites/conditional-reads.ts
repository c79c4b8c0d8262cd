import { describe, expect, it } from '@jest/globals';
import { newProject } from '../support/components.ts';
import type { CatalogWorld } from '../support/world.ts';

/** Run by a spec file per backend: ETag on single-resource and list reads, 304 for a matching If-None-Match. */
export function conditionalReadSuite(world: CatalogWorld): void {
  describe('conditional reads', () => {
    it('answers a read whose If-None-Match names its ETag with 304 and no body, and a changed resource with 200 and a new ETag', async () => {
      const me = { designerId: world.designer(), source: 'api:personal' };
      const projectId = await newProject(world, me);
      for (const path of [`/api/v1/projects/${String(projectId)}`, '/api/v1/projects', `/api/v1/projects/${String(projectId)}/components`]) {
        const first = await world.call(me, 'GET', path);
        expect(first.status).toBe(200);
        const tag = first.headers.get('etag') ?? 'none';
        expect(tag).toMatch(/^(W\/)?"[^"]+"$/);
        await first.arrayBuffer();

        const again = await world.call(me, 'GET', path, undefined, { 'if-none-match': tag });
        expect([again.status, await again.text()]).toEqual([304, '']);
        expect(again.headers.get('etag')).toBe(tag);
        const other = await world.call(me, 'GET', path, undefined, { 'if-none-match': '"something-else", "another"' });
        expect(other.status).toBe(200);
        await other.arrayBuffer();
      }

      const before = (await world.call(me, 'GET', `/api/v1/projects/${String(projectId)}`)).headers.get('etag') ?? '';
      expect((await world.call(me, 'PATCH', `/api/v1/projects/${String(projectId)}`, { name: 'Renamed' })).status).toBe(200);
      const after = await world.call(me, 'GET', `/api/v1/projects/${String(projectId)}`, undefined, { 'if-none-match': before });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before);
      await after.arrayBuffer();
    });

    it('never answers 304 to a write or to an error', async () => {
      const me = { designerId: world.designer(), source: 'api:personal' };
      const missing = await world.call(me, 'GET', '/api/v1/projects/999999999', undefined, { 'if-none-match': '*' });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
      const created = await world.call(me, 'POST', '/api/v1/projects', { name: 'P' }, { 'if-none-match': '*' });
      expect(created.status).toBe(201);
      await created.arrayBuffer();
      await missing.arrayBuffer();
    });
  });
}
