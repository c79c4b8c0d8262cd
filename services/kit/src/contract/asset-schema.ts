import { z } from 'zod';
import { named } from './named-schema.ts';

const key = z.string().describe('The storage key, `designers/{designer}/projects/{project}/{16 hex}/{name}`: what a delete takes.');
const name = z.string().describe('The stored filename: the given one reduced to `[A-Za-z0-9._-]`, its extension that of what was stored.');
const url = z.string().describe('The public URL (`ASSET_PUBLIC_URL/{key}`), usable as a component’s `image_url`.');
const size = z.int().describe('Bytes stored, after any conversion; what counts against the storage quota.');

/**
 * An asset as a listing shows it (the contract's `Asset`, services/gateway/contract/openapi.json): the asset service's presenter is typed by this, the catalog's
 * changes feed carries it as an asset change's `data`, and the contract is generated from it; here
 * in the kit because two services answer with it.
 */
const SQUALL = {
  key: 'designers/7/projects/42/3f9c2a7b1e0d4c55/squall.webp',
  name: 'squall.webp',
  url: 'https://assets.boardsync.example/designers/7/projects/42/3f9c2a7b1e0d4c55/squall.webp',
  size: 48213,
};

export const assetBody = named(
  z.object({
    key,
    name,
    url,
    size,
    last_modified: z.iso.datetime().describe('When the asset was stored.'),
  }),
  'Asset',
  { ...SQUALL, last_modified: '2026-11-24T17:39:58.000Z' },
);

/** The upload and from-url answer (the contract's `StoredAsset`), top level `{key, url, size, name}` (the same again on an idempotent replay). */
export const storedAssetBody = named(z.object({ key, url, size, name }), 'StoredAsset', SQUALL);

export type AssetBody = z.infer<typeof assetBody>;
export type StoredAssetBody = z.infer<typeof storedAssetBody>;
