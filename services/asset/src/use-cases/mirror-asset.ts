import type { Principal } from '@boardsync/kit';
import { nameFromUrl, type AssetOwner } from '../domain/asset-key.ts';
import type { ConversionTarget } from '../domain/conversion.ts';
import type { AssetRuntime } from './asset-runtime.ts';
import { fetchImage } from '../outbound/fetch-image.ts';
import { answering } from './adapter-answers.ts';
import { claimKey, fingerprintOf, onceUnder, type IdempotentResult } from '@boardsync/kit';
import { storeImage, type StoredAsset } from './store-image.ts';

export interface Mirror {
  owner: AssetOwner;
  url: string;
  convertTo: ConversionTarget | undefined;
  idempotencyKey: string | undefined;
}

/** `POST /projects/{p}/assets/from-url`: fetch a public image, then store it like an upload. */
export async function mirrorAsset(runtime: AssetRuntime, principal: Principal, mirror: Mirror): Promise<IdempotentResult<StoredAsset>> {
  const scope = mirror.idempotencyKey === undefined ? undefined : { designerId: principal.designerId, source: principal.source, key: mirror.idempotencyKey };
  const fingerprint = fingerprintOf({ operation: 'from-url', project: mirror.owner.projectId, url: mirror.url, convertTo: mirror.convertTo ?? null });
  const key = await claimKey<StoredAsset>(runtime.orm.em.fork(), scope, fingerprint, runtime.limits.idempotencyTtlHours);
  return await onceUnder(key, async (remember) => {
    const fetched = await answering(() => fetchImage(runtime, mirror.url));
    try {
      const image = {
        path: fetched.file.path,
        kind: fetched.kind,
        originalName: nameFromUrl(fetched.finalUrl),
        ...(mirror.convertTo ? { convertTo: mirror.convertTo } : {}),
      };
      const placement = { owner: mirror.owner, limitBytes: principal.plan.storageLimitBytes, source: principal.source };
      return await storeImage(runtime, image, placement, remember);
    } finally {
      await runtime.scratch.remove(fetched.file.path);
    }
  });
}
