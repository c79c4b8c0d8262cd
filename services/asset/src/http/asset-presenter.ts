import { publicUrlOf } from '../domain/asset-key.ts';
import type { Asset } from '../store/entities/asset.ts';
import type { AssetBody } from './asset-schemas.ts';

/** Spec §2 Asset, as listed. */
export function presentAsset(asset: Asset, publicBaseUrl: string): AssetBody {
  return {
    key: asset.key,
    name: asset.name,
    url: publicUrlOf(publicBaseUrl, asset.key),
    size: asset.size,
    last_modified: asset.createdAt.toISOString(),
  };
}
