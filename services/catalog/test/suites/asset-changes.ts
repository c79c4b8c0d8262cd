import { describe, expect, it } from '@jest/globals';
import { eventMessage } from '@boardsync/kit';
import { drain, headOf, summary } from '../support/changes.ts';
import { newProject } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the asset service's `asset.changed` events reach the designer's feed once each, for assets:read only. */
export function assetChangeSuite(world: CatalogWorld): void {
  describe('asset changes in the feed', () => {
    it('records each stored and deleted asset once, even when the event comes twice, and shows them to assets:read alone', async () => {
      const me: Caller = { designerId: world.designer(), scopes: ['projects:read', 'projects:write', 'components:read', 'assets:read'] };
      const projectId = await newProject(world, me);
      const head = await headOf(world, me);
      const view = {
        key: `designers/${String(me.designerId)}/projects/${String(projectId)}/00aa11bb22cc33dd/squall.webp`,
        name: 'squall.webp',
        url: 'https://files.boardsync.test/x',
        size: 4821,
        last_modified: '2026-11-29T09:00:00.000Z',
      };
      const stored = eventMessage(
        String(projectId),
        { $case: 'assetsChanged', value: { projectId, changes: [{ action: 'created', assetId: 77, assetJson: JSON.stringify(view) }] } },
        { designerId: me.designerId, source: 'api:card-forge' },
      );
      const deleted = eventMessage(
        String(projectId),
        { $case: 'assetsChanged', value: { projectId, changes: [{ action: 'deleted', assetId: 77, assetJson: '' }] } },
        { designerId: me.designerId, source: 'api:personal' },
      );
      await world.publish([stored, stored, deleted]);

      const expected = [`asset created 77`, `asset deleted 77`];
      let seen = await drain(world, me, head);
      for (let tries = 0; seen.changes.length < 2 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await drain(world, me, head);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      seen = await drain(world, me, head);
      expect(seen.changes.map(summary)).toEqual(expected);
      expect(seen.changes.map((change) => [change.project_id, change.app, change.data])).toEqual([
        [projectId, 'card-forge', view],
        [projectId, null, null],
      ]);
      const withoutAssets = await drain(world, { ...me, scopes: ['components:read'] }, head);
      expect([withoutAssets.changes, withoutAssets.cursor]).toEqual([[], seen.cursor]);
    });
  });
}
