import { describe, expect, it } from '@jest/globals';
import { assetCalls } from '../support/asset-calls.ts';
import { png } from '../support/images.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

interface Change {
  resource: string;
  action: string;
  id: number;
  project_id: number;
  app: string | null;
  data: unknown;
}

/**
 * Run by a spec file per backend: an asset stored or deleted reaches the designer's changes feed
 * (the catalog's) through `asset.changed`, as its listing showed it.
 */
export function assetFeedSuite(world: AssetWorld): void {
  const calls = assetCalls(world);

  const feed = async (caller: Caller, query: string): Promise<{ data: Change[]; meta: { cursor: string } }> => {
    const response = await world.callCatalog(caller, 'GET', `/api/v1/changes${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Change[]; meta: { cursor: string } };
  };

  describe('assets in the changes feed', () => {
    it('names each stored and deleted asset, with the app that wrote it and the asset as listed', async () => {
      const me: Caller = { designerId: world.designer(), source: 'api:card-forge' };
      const projectId = await world.project(me);
      const head = ((await (await world.callCatalog(me, 'GET', '/api/v1/changes/head')).json()) as { cursor: string }).cursor;
      const uploaded = await calls.uploaded(me, projectId, await png(), 'squall.png');
      const [listed] = await calls.listed(me, projectId);
      expect((await calls.remove(me, projectId, uploaded.key)).status).toBe(200);

      const seen: Change[] = [];
      let cursor = head;
      while (seen.length < 2) {
        const page = await feed(me, `?after=${cursor}&wait=20`);
        if (page.data.length === 0) break;
        seen.push(...page.data);
        cursor = page.meta.cursor;
      }
      expect(seen.map((change) => [change.resource, change.action, change.project_id, change.app])).toEqual([
        ['asset', 'created', projectId, 'card-forge'],
        ['asset', 'deleted', projectId, 'card-forge'],
      ]);
      expect(seen[0]?.data).toEqual(listed);
      expect(seen[1]?.id).toBe(seen[0]?.id);
    });
  });
}
