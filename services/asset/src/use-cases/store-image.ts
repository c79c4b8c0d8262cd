import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem, enqueueEvents } from '@boardsync/kit';
import { assetView, assetsChanged } from '../domain/asset-changes.ts';
import { newAssetKey, publicUrlOf, storedName, type AssetOwner } from '../domain/asset-key.ts';
import type { ConversionTarget } from '../domain/conversion.ts';
import { MEDIA, type MediaKind } from '../domain/media-type.ts';
import { addAsset } from '../store/assets.ts';
import { releaseReservation, reserveStorage, settleReservation } from '../store/storage-ledger.ts';
import type { AssetRuntime } from './asset-runtime.ts';
import type { ProcessedImage } from '../media/image-processor.ts';
import type { PendingObject } from '../object-storage/object-store.ts';
import { answerFor } from './adapter-answers.ts';

/** 422 `storage_quota_exceeded`, with the numbers a tool needs to tell the designer what to free. */
export function storageQuotaExceeded(neededBytes: number, limitBytes: number, usedBytes: number): Problem {
  const remaining = Math.max(limitBytes - usedBytes, 0);
  return new Problem({
    status: 422,
    code: 'storage_quota_exceeded',
    detail: `This file needs ${String(neededBytes)} bytes of storage; ${String(remaining)} of your plan's ${String(limitBytes)} bytes remain (uploads in progress included). Delete assets or upgrade to store it.`,
    extensions: { needed_bytes: neededBytes, limit_bytes: limitBytes, used_bytes: usedBytes, remaining_bytes: remaining },
  });
}

export interface ImageToStore {
  /** A spooled file whose bytes were sniffed as `kind`; the caller removes it. */
  path: string;
  kind: MediaKind;
  originalName: string | undefined;
  convertTo?: ConversionTarget;
  /**
   * The file's bytes, already written (as they arrived) to a pending object at `key`, which must be
   * `storedAsIsKey` of this image: storeImage commits it, or aborts it if it stores anything else.
   */
  streamed?: StagedObject;
}

/** A pending object and its key. */
export interface StagedObject {
  key: string;
  object: PendingObject;
}

/** Whether the image is stored byte for byte: a raster, not converted (or to its own type). SVG is always rewritten, sanitized. */
export function storedAsIs(kind: MediaKind, convertTo: ConversionTarget | undefined): boolean {
  return kind !== 'svg' && (convertTo === undefined || convertTo === kind);
}

export interface Placement {
  owner: AssetOwner;
  limitBytes: number;
  /** An internalized copy: where it came from, and the request that made it. */
  sourceUrl?: string;
  internalizeEventId?: string;
  /** The writer's source tag (`api:{client_id}`), which the changes feed names the app by; boardsync's own copies have none. */
  source?: string;
}

/** `{key, url, size, name}`: the upload answer (docs/rules.md "Assets"). */
export interface StoredAsset {
  key: string;
  url: string;
  size: number;
  name: string;
}

/**
 * Validates and converts an image, then stores it against the designer's quota: reserve the final
 * size (atomically, under the designer's lock), write the object, then record the asset and settle
 * the reservation in one transaction (`alsoInTransaction` adds to it, e.g. an idempotency record).
 * Any failure releases the reservation and removes what was written: nothing is half-stored.
 */
export async function storeImage(
  runtime: AssetRuntime,
  image: ImageToStore,
  placement: Placement,
  alsoInTransaction?: (tx: EntityManager, stored: StoredAsset) => Promise<void>,
): Promise<StoredAsset> {
  // Stored byte for byte, the file goes to the store while it is validated (both ~half the time);
  // it only appears there once valid, within the quota, and committed below.
  let staged = image.streamed;
  if (staged && !storedAsIs(image.kind, image.convertTo)) {
    await discard(runtime, staged);
    staged = undefined;
  } else if (!staged && storedAsIs(image.kind, image.convertTo)) {
    const key = newAssetKey(placement.owner, storedName(image.originalName, image.kind));
    staged = { key, object: runtime.objects.begin(key, MEDIA[image.kind].contentType) };
  }
  const feeding = staged && !image.streamed ? pipeline(createReadStream(image.path), staged.object.body) : undefined;
  let processed: ProcessedImage;
  try {
    [processed] = await Promise.all([
      runtime.images.process({ path: image.path, kind: image.kind, ...(image.convertTo ? { convertTo: image.convertTo } : {}) }),
      feeding,
    ]);
  } catch (error) {
    await discard(runtime, staged);
    throw answerFor(error);
  }
  try {
    const name = storedName(image.originalName, processed.kind);
    const key = staged?.key ?? newAssetKey(placement.owner, name);
    const stored: StoredAsset = { key, url: publicUrlOf(runtime.assetBaseUrl, key), size: processed.size, name };
    const em = runtime.orm.em.fork();
    const { designerId } = placement.owner;
    const reservation = await reserveStorage(em, designerId, processed.size, placement.limitBytes, runtime.limits.reservationTtlSeconds);
    if (!reservation.granted) throw storageQuotaExceeded(processed.size, placement.limitBytes, reservation.usedBytes + reservation.reservedBytes);
    let written = false;
    try {
      if (staged) await staged.object.commit(processed.size);
      else await runtime.objects.put(key, createReadStream(processed.path), processed.size, MEDIA[processed.kind].contentType);
      written = true;
      await em.transactional(async (tx) => {
        const asset = addAsset(tx, {
          ...placement.owner,
          key,
          name,
          size: processed.size,
          contentType: MEDIA[processed.kind].contentType,
          ...(placement.sourceUrl === undefined ? {} : { sourceUrl: placement.sourceUrl }),
          ...(placement.internalizeEventId === undefined ? {} : { internalizeEventId: placement.internalizeEventId }),
        });
        await tx.flush();
        enqueueEvents(tx, [
          assetsChanged(placement.owner, placement.source ?? '', [{ action: 'created', id: asset.id, view: assetView(asset, runtime.assetBaseUrl) }]),
        ]);
        await tx.flush();
        await settleReservation(tx, reservation.id, designerId, processed.size);
        await alsoInTransaction?.(tx, stored);
      });
      return stored;
    } catch (error) {
      await releaseReservation(em, reservation.id).catch((cause: unknown) => {
        runtime.logger.warn({ err: cause }, 'a storage reservation could not be released; it lapses');
      });
      if (written)
        await runtime.objects.remove(key).catch((cause: unknown) => {
          runtime.logger.warn({ err: cause, key }, 'an unrecorded object could not be removed');
        });
      throw error;
    }
  } catch (error) {
    await discard(runtime, staged);
    throw answerFor(error);
  } finally {
    if (processed.path !== image.path) await runtime.scratch.remove(processed.path);
  }
}

/** Aborts a pending object (a no-op once committed); a failure to is logged: the store's lifecycle rule clears what is left. */
export async function discard(runtime: Pick<AssetRuntime, 'logger'>, staged: StagedObject | undefined): Promise<void> {
  await staged?.object.abort().catch((cause: unknown) => {
    runtime.logger.warn({ err: cause, key: staged.key }, 'a pending object could not be aborted; the incomplete upload lapses');
  });
}
