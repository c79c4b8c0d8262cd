import type { Database, Logger } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { AssetMetrics } from '../media/asset-metrics.ts';
import type { ImageProcessor } from '../media/image-processor.ts';
import type { Scratch } from '../spool/scratch.ts';
import type { ObjectStore } from '../object-storage/object-store.ts';

/** What the use cases run on: live adapters and the few settings they need. */
export interface AssetRuntime {
  orm: Database;
  objects: ObjectStore;
  images: ImageProcessor;
  scratch: Scratch;
  fetcher: SafeHttpClient;
  logger: Logger;
  limits: {
    uploadMaxBytes: number;
    fetchTimeoutMs: number;
    idempotencyTtlHours: number;
    /** How long an upload's storage reservation holds if the upload never settles (a killed process). */
    reservationTtlSeconds: number;
  };
  /** ASSET_PUBLIC_URL: what an asset's URL starts with. */
  assetBaseUrl: string;
  /** Files received (`boardsync_asset_upload_size_bytes`); absent in tests that do not look. */
  metrics?: AssetMetrics;
}
