import type { EntityManager } from '@mikro-orm/sql';
import type { AssetOwner } from '../domain/asset-key.ts';
import { Asset } from './entities/asset.ts';

export interface NewAsset extends AssetOwner {
  key: string;
  name: string;
  size: number;
  contentType: string;
  sourceUrl?: string;
  internalizeEventId?: string;
}

export async function listProjectAssets(em: EntityManager, owner: AssetOwner, offset: number, limit: number): Promise<{ rows: Asset[]; total: number }> {
  const [rows, total] = await em.findAndCount(
    Asset,
    { designerId: owner.designerId, projectId: owner.projectId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, offset, limit },
  );
  return { rows, total };
}

export function findProjectAsset(em: EntityManager, owner: AssetOwner, key: string): Promise<Asset | null> {
  return em.findOne(Asset, { designerId: owner.designerId, projectId: owner.projectId, key });
}

/** The copy an internalize request already made of `url`, if any (redelivery and resumption). */
export function findInternalizedCopy(em: EntityManager, eventId: string, url: string): Promise<Asset | null> {
  return em.findOne(Asset, { internalizeEventId: eventId, sourceUrl: url });
}

export function addAsset(em: EntityManager, asset: NewAsset): Asset {
  return em.create(Asset, {
    designerId: asset.designerId,
    projectId: asset.projectId,
    key: asset.key,
    name: asset.name,
    size: asset.size,
    contentType: asset.contentType,
    sourceUrl: asset.sourceUrl ?? null,
    internalizeEventId: asset.internalizeEventId ?? null,
  });
}
