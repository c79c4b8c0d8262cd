import { assetView } from '../domain/asset-changes.ts';
import type { Asset } from '../store/entities/asset.ts';
import type { AssetBody } from '@boardsync/kit/contract';

/** An asset (docs/rules.md "Assets"), as listed (and as the changes feed shows it: domain/asset-changes.ts). */
export function presentAsset(asset: Asset, publicBaseUrl: string): AssetBody {
  return assetView(asset, publicBaseUrl);
}
