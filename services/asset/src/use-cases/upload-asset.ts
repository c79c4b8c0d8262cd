import type { Principal } from '@boardsync/kit';
import { newAssetKey, storedName, type AssetOwner } from '../domain/asset-key.ts';
import type { ConversionTarget } from '../domain/conversion.ts';
import { MEDIA, sniffMediaType } from '../domain/media-type.ts';
import type { SpooledFile } from '../spool/spool.ts';
import type { AssetRuntime } from '../asset-runtime.ts';
import { fingerprintOf, idempotent, type IdempotentResult } from '../idempotency/idempotent.ts';
import { sniffedKind } from '../media/sniffed.ts';
import { storeImage, storedAsIs, type StagedObject, type StoredAsset } from './store-image.ts';

export interface Upload {
  owner: AssetOwner;
  file: SpooledFile;
  filename: string | undefined;
  convertTo: ConversionTarget | undefined;
  idempotencyKey: string | undefined;
  /** The file also written to a pending object while it was received (`stagingFor`); storeImage commits or aborts it. */
  staged?: StagedObject | undefined;
}

/**
 * For `receiveUpload`: once an upload's first bytes are in, a pending object at the key storeImage
 * would give the file if it is stored byte for byte (a raster, and no conversion asked for in the
 * fields before the file), so it goes to the store while it is received. Nothing is decided here:
 * storeImage validates, reserves and commits it, or aborts it (as the route does on any failure).
 */
export function stagingFor(
  runtime: Pick<AssetRuntime, 'objects'>,
  owner: AssetOwner,
  conversionAsked: (fields: Readonly<Record<string, string>>) => ConversionTarget | 'unknown' | undefined,
) {
  return (head: Buffer, filename: string | undefined, fieldsSoFar: Readonly<Record<string, string>>): StagedObject | undefined => {
    const kind = sniffMediaType(head);
    if (kind === undefined) return undefined;
    const convertTo = conversionAsked(fieldsSoFar);
    if (convertTo === 'unknown' || !storedAsIs(kind, convertTo)) return undefined;
    const key = newAssetKey(owner, storedName(filename, kind));
    return { key, object: runtime.objects.begin(key, MEDIA[kind].contentType) };
  };
}

/** `POST /projects/{p}/assets`, once the file is spooled: the type from its bytes, then store it against the quota. */
export async function uploadAsset(runtime: AssetRuntime, principal: Principal, upload: Upload): Promise<IdempotentResult<StoredAsset>> {
  const kind = sniffedKind(upload.file.head);
  const scope = upload.idempotencyKey === undefined ? undefined : { designerId: principal.designerId, source: principal.source, key: upload.idempotencyKey };
  // The file's hash is taken (receiveUpload) only when a key asks for a fingerprint.
  if (scope && upload.file.sha256 === undefined) throw new Error('an upload with an Idempotency-Key must be spooled with its hash');
  const fingerprint = scope
    ? fingerprintOf({
        operation: 'upload',
        project: upload.owner.projectId,
        sha256: upload.file.sha256,
        filename: upload.filename ?? null,
        convertTo: upload.convertTo ?? null,
      })
    : '';
  return idempotent(runtime.orm.em.fork(), scope, fingerprint, runtime.limits.idempotencyTtlHours, (remember) =>
    storeImage(
      runtime,
      {
        path: upload.file.path,
        kind,
        originalName: upload.filename,
        ...(upload.convertTo ? { convertTo: upload.convertTo } : {}),
        ...(upload.staged ? { streamed: upload.staged } : {}),
      },
      { owner: upload.owner, limitBytes: principal.plan.storageLimitBytes },
      remember,
    ),
  );
}
