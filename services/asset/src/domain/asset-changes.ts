import { eventMessage, type OutgoingMessage } from '@boardsync/kit/core';
import { publicUrlOf, type AssetOwner } from './asset-key.ts';

/** An asset as the listing shows it (docs/rules.md "Assets"): what the listing's presenter answers and what the changes feed carries. */
export interface AssetView {
  key: string;
  name: string;
  url: string;
  size: number;
  last_modified: string;
}

export function assetView(asset: { key: string; name: string; size: number; createdAt: Date }, publicBaseUrl: string): AssetView {
  return { key: asset.key, name: asset.name, url: publicUrlOf(publicBaseUrl, asset.key), size: asset.size, last_modified: asset.createdAt.toISOString() };
}

/**
 * `asset.changed`, keyed by project: an asset stored or deleted, for the designer's changes feed
 * (the catalog keeps it). `source` names the app whose request it was; empty for boardsync's own work.
 */
export function assetsChanged(
  owner: AssetOwner,
  source: string,
  changes: readonly ({ action: 'created'; id: number; view: AssetView } | { action: 'deleted'; id: number })[],
): OutgoingMessage {
  return eventMessage(
    String(owner.projectId),
    {
      $case: 'assetsChanged',
      value: {
        projectId: owner.projectId,
        changes: changes.map((change) => ({
          action: change.action,
          assetId: change.id,
          assetJson: change.action === 'created' ? JSON.stringify(change.view) : '',
        })),
      },
    },
    { designerId: owner.designerId, source },
  );
}
