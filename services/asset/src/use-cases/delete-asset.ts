import { Problem, enqueueEvents } from '@boardsync/kit';
import { assetsChanged } from '../domain/asset-changes.ts';
import { isKeyInFolder, projectFolder, type AssetOwner } from '../domain/asset-key.ts';
import { Asset } from '../store/entities/asset.ts';
import { findProjectAsset } from '../store/assets.ts';
import { freeStorage } from '../store/storage-ledger.ts';
import { answering } from './adapter-answers.ts';
import type { AssetRuntime } from './asset-runtime.ts';

/**
 * `DELETE /projects/{p}/assets`: only a key in this project's own folder (never `..`, another
 * project's, an avatar), 404 when no such asset. The object goes first, then the row and its
 * bytes in one transaction, so a failure in between leaves a row a retry can finish deleting,
 * and two deletes at once free the bytes once. Components pointing at the URL are not touched.
 */
export async function deleteAsset(runtime: AssetRuntime, owner: AssetOwner, key: string, source: string): Promise<void> {
  if (!isKeyInFolder(owner, key)) {
    throw Problem.validation(
      { key: [`must be the key of an asset in this project's folder (${projectFolder(owner)}…)`] },
      "The key does not lie inside this project's folder.",
    );
  }
  const em = runtime.orm.em.fork();
  const asset = await findProjectAsset(em, owner, key);
  if (!asset) throw Problem.notFound('asset');
  await answering(() => runtime.objects.remove(asset.key));
  await em.transactional(async (tx) => {
    const removed = await tx.nativeDelete(Asset, { id: asset.id });
    if (removed === 0) return;
    await freeStorage(tx, owner.designerId, asset.size);
    enqueueEvents(tx, [assetsChanged(owner, source, [{ action: 'deleted', id: asset.id }])]);
    await tx.flush();
  });
}
