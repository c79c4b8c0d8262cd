import { Topics, createHttpMetrics, databaseServiceApps, serveOperations, startDatabaseService } from '@boardsync/kit';
import type { EventBus, HttpMetrics, Logger, RunningDatabaseService, ServiceAdapters, ServiceApps, ServiceDefinition } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import type { AssetSettings } from './config.ts';
import { internalizeRequestedConsumer } from './events/internalize-requested.ts';
import { assetOperations } from './http/assets.ts';
import { internalRouter } from './http/internal.ts';
import { AssetMetrics } from './media/asset-metrics.ts';
import { ImageProcessor } from './media/image-processor.ts';
import { WorkPool } from './media/work-pool.ts';
import { httpProjectFacts, type ProjectFacts } from './outbound/project-facts.ts';
import { Scratch } from './spool/scratch.ts';
import type { ObjectStore } from './object-storage/object-store.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';
import type { AssetRuntime } from './use-cases/asset-runtime.ts';
import { StorageHousekeeping } from './workers/storage-housekeeping.ts';

/** For the contract (scripts/contract/generate.ts), generated into the document the gateway serves. */
export { artworkOperation } from './http/artwork-operation.ts';

/** An upload that has not settled after this long is taken for dead: its reserved bytes count no more. */
const RESERVATION_TTL_SECONDS = 15 * 60;

/** What the running asset service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const assetService = {
  service: 'asset',
  entities,
  migrations,
  produces: [Topics.internalizeCompleted, Topics.assetsChanged],
  consumes: [Topics.internalizeRequested],
} satisfies ServiceDefinition;

export { assetOperations };

export interface AssetAdapters extends ServiceAdapters {
  /** S3 (MinIO) in production, a directory in the embedded mode. */
  objects: ObjectStore;
  /** Defaults to asking the catalog's internal listener. */
  facts?: ProjectFacts;
}

export interface AssetDependencies {
  runtime: AssetRuntime;
  /** Uploads and mirrors in flight at once (each may hold a 50 MB scratch file). */
  admission: WorkPool;
  bus: EventBus;
  facts: ProjectFacts;
  config: Pick<AssetSettings, 'INTERNAL_JWT_SECRET' | 'PUBLIC_BASE_URL'>;
  /** Made before the image processor, which reports into it; one is made when absent. */
  metrics?: HttpMetrics;
}

/**
 * The asset service's two listeners. Public: the API the gateway proxies to (each operation reads
 * its own body: multipart streamed to disk for uploads, small JSON otherwise). Internal (never
 * proxied): `/internal/*` for auth's `/me`, readiness detail, metrics.
 */
export function createApp({ runtime, admission, bus, facts, config, metrics }: AssetDependencies): ServiceApps {
  const { orm, logger } = runtime;
  return databaseServiceApps({
    service: 'asset',
    orm,
    bus,
    logger,
    principalSecret: config.INTERNAL_JWT_SECRET,
    jsonLimit: false,
    ...(metrics ? { metrics } : {}),
    readiness: { objects: () => runtime.objects.ping() },
    api: serveOperations(assetOperations, { runtime, facts, gate: admission, publicBaseUrl: config.PUBLIC_BASE_URL }),
    internal: [internalRouter(orm, config.INTERNAL_JWT_SECRET)],
  });
}

/** Migrates, relays the outbox, consumes internalize requests and serves the asset service on the adapters given. */
export async function startAsset(settings: AssetSettings, logger: Logger, adapters: AssetAdapters): Promise<RunningDatabaseService> {
  const { objects } = adapters;
  await objects.prepare();
  logger.info({ objects: objects.kind }, 'asset object store');
  const scratch = await Scratch.open(settings.SCRATCH_DIR);
  const metrics = createHttpMetrics('asset');
  const assetMetrics = new AssetMetrics(metrics.registry);
  const images = new ImageProcessor({
    maxInputPixels: settings.IMAGE_MAX_PIXELS,
    maxFrames: settings.IMAGE_MAX_FRAMES,
    maxConvertPixels: settings.IMAGE_MAX_CONVERT_PIXELS,
    avifEffort: settings.AVIF_EFFORT,
    concurrency: settings.IMAGE_CONCURRENCY,
    maxQueued: settings.IMAGE_QUEUE_MAX,
    svgMaxBytes: settings.SVG_MAX_BYTES,
    tempDir: scratch.dir,
    conversions: assetMetrics,
  });
  const fetcher = new SafeHttpClient({
    allowCidrs: settings.SSRF_ALLOW_CIDRS,
    allowHosts: settings.OUTBOUND_ALLOW_HOSTS,
    maxBytes: settings.UPLOAD_MAX_BYTES,
    timeoutMs: settings.FETCH_TIMEOUT_MS,
    userAgent: 'boardsync-asset/1 (+artwork mirroring)',
  });
  const limits = {
    uploadMaxBytes: settings.UPLOAD_MAX_BYTES,
    fetchTimeoutMs: settings.FETCH_TIMEOUT_MS,
    idempotencyTtlHours: settings.IDEMPOTENCY_TTL_HOURS,
    reservationTtlSeconds: RESERVATION_TTL_SECONDS,
  };
  return startDatabaseService({
    ...assetService,
    config: settings,
    adapters,
    logger,
    wire: ({ orm, bus }) => {
      const runtime: AssetRuntime = { orm, objects, images, scratch, fetcher, logger, limits, assetBaseUrl: settings.ASSET_PUBLIC_URL, metrics: assetMetrics };
      return {
        apps: createApp({
          runtime,
          // As many uploads in flight as the image pool runs and queues; the next is refused before it is read.
          admission: new WorkPool({ concurrency: settings.IMAGE_CONCURRENCY + settings.IMAGE_QUEUE_MAX, maxQueued: 0 }),
          bus,
          facts: adapters.facts ?? httpProjectFacts(settings.CATALOG_INTERNAL_URL),
          config: settings,
          metrics,
        }),
        consumers: [internalizeRequestedConsumer(runtime)],
        workers: [new StorageHousekeeping(runtime, settings.IDEMPOTENCY_TTL_HOURS)],
        resources: [
          { name: 'asset outbound http', close: () => fetcher.close() },
          { name: 'asset image processor', close: () => images.close() },
          { name: 'asset scratch', close: () => scratch.close() },
        ],
      };
    },
  });
}
