import type { Principal } from '@boardsync/kit';
import type { AssetOwner } from '../domain/asset-key.ts';
import type { ConversionTarget } from '../domain/conversion.ts';
import type { SpooledFile } from '../spool/spool.ts';
import type { AssetRuntime } from './asset-runtime.ts';
import { claimKey, fingerprintOf, onceUnder, type IdempotentResult } from '@boardsync/kit';
import { sniffedKind } from '../media/sniffed.ts';
import { answering } from './adapter-answers.ts';
import { storeImage, type StoredAsset } from './store-image.ts';

export interface Upload {
  owner: AssetOwner;
  file: SpooledFile;
  filename: string | undefined;
  convertTo: ConversionTarget | undefined;
  idempotencyKey: string | undefined;
}

/** `POST /projects/{p}/assets`, once the file is spooled: the type from its bytes, then store it against the quota. */
export async function uploadAsset(runtime: AssetRuntime, principal: Principal, upload: Upload): Promise<IdempotentResult<StoredAsset>> {
  runtime.metrics?.received('upload', upload.file.size);
  const kind = await answering(() => sniffedKind(upload.file.head));
  const scope = upload.idempotencyKey === undefined ? undefined : { designerId: principal.designerId, source: principal.source, key: upload.idempotencyKey };
  const fingerprint = fingerprintOf({
    operation: 'upload',
    project: upload.owner.projectId,
    sha256: upload.file.sha256,
    filename: upload.filename ?? null,
    convertTo: upload.convertTo ?? null,
  });
  const key = await claimKey<StoredAsset>(runtime.orm.em.fork(), scope, fingerprint, runtime.limits.idempotencyTtlHours);
  // Awaited, so this use-case stays on the async stack of the work it starts (docs/architecture.md "Walks").
  return await onceUnder(key, async (remember) => {
    const image = { path: upload.file.path, kind, originalName: upload.filename, ...(upload.convertTo ? { convertTo: upload.convertTo } : {}) };
    const placement = { owner: upload.owner, limitBytes: principal.plan.storageLimitBytes, source: principal.source };
    return await storeImage(runtime, image, placement, remember);
  });
}
