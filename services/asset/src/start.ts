import { Topics, startDatabaseService, type Database, type Logger, type RunningService, type ServiceAdapters, type ServiceDefinition } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import { createApp } from './app.ts';
import type { AssetSettings } from './config.ts';
import { internalizeRequestedConsumer } from './events/internalize-requested.ts';
import { ImageProcessor } from './media/image-processor.ts';
import { WorkPool } from './media/work-pool.ts';
import { httpProjectFacts, type ProjectFacts } from './peers/project-facts.ts';
import { Scratch } from './spool/scratch.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';
import type { AssetRuntime } from './use-cases/asset-runtime.ts';
import { StorageHousekeeping } from './use-cases/storage-housekeeping.ts';

/** An upload that has not settled after this long is taken for dead: its reserved bytes count no more. */
const RESERVATION_TTL_SECONDS = 15 * 60;

/** What the running asset service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const assetService = {
  service: 'asset',
  entities,
  migrations,
  produces: [Topics.internalizeCompleted],
  consumes: [Topics.internalizeRequested],
} satisfies ServiceDefinition;

export interface AssetAdapters extends ServiceAdapters {
  /** S3 (MinIO) in production, a directory in the embedded mode. */
  objects: ObjectStore;
  /** Defaults to asking the catalog's internal listener. */
  facts?: ProjectFacts;
}

/** Migrates, relays the outbox, consumes internalize requests and serves the asset service on the adapters given. */
export async function startAsset(settings: AssetSettings, logger: Logger, adapters: AssetAdapters): Promise<RunningService> {
  await adapters.objects.prepare();
  logger.info({ objects: adapters.objects.kind }, 'asset object store');
  const scratch = await Scratch.open(settings.SCRATCH_DIR);
  const images = new ImageProcessor({
    maxInputPixels: settings.IMAGE_MAX_PIXELS,
    maxFrames: settings.IMAGE_MAX_FRAMES,
    maxConvertPixels: settings.IMAGE_MAX_CONVERT_PIXELS,
    avifEffort: settings.AVIF_EFFORT,
    concurrency: settings.IMAGE_CONCURRENCY,
    maxQueued: settings.IMAGE_QUEUE_MAX,
    svgMaxBytes: settings.SVG_MAX_BYTES,
    tempDir: scratch.dir,
  });
  const fetcher = new SafeHttpClient({
    allowCidrs: settings.SSRF_ALLOW_CIDRS,
    maxBytes: settings.UPLOAD_MAX_BYTES,
    timeoutMs: settings.FETCH_TIMEOUT_MS,
    userAgent: 'boardsync-asset/1 (+artwork mirroring)',
  });
  const facts = adapters.facts ?? httpProjectFacts(settings.CATALOG_INTERNAL_URL);
  // As many uploads in flight as the image pool runs and queues; the next is refused before it is read.
  const admission = new WorkPool({ concurrency: settings.IMAGE_CONCURRENCY + settings.IMAGE_QUEUE_MAX, maxQueued: 0 });
  let runtime: AssetRuntime | undefined;
  // The service runtime calls consumers() and createApp() with the opened database, in that order.
  const runtimeOn = (orm: Database): AssetRuntime =>
    (runtime ??= {
      orm,
      objects: adapters.objects,
      images,
      scratch,
      fetcher,
      logger,
      limits: {
        uploadMaxBytes: settings.UPLOAD_MAX_BYTES,
        fetchTimeoutMs: settings.FETCH_TIMEOUT_MS,
        idempotencyTtlHours: settings.IDEMPOTENCY_TTL_HOURS,
        reservationTtlSeconds: RESERVATION_TTL_SECONDS,
      },
      assetBaseUrl: settings.ASSET_PUBLIC_URL,
    });
  const running = await startDatabaseService({
    ...assetService,
    config: settings,
    adapters,
    logger,
    createApp: ({ orm, bus }) => createApp({ runtime: runtimeOn(orm), admission, bus, facts, logger, config: settings }),
    consumers: ({ orm }) => [internalizeRequestedConsumer(runtimeOn(orm))],
  });
  const housekeeping = new StorageHousekeeping(runtimeOn(running.orm), settings.IDEMPOTENCY_TTL_HOURS);
  housekeeping.start();
  // Ours close after the consumers and the relay, before the database (always the last part).
  const database = running.parts.splice(-1, 1);
  running.parts.push(
    { name: 'asset housekeeping', close: () => housekeeping.close() },
    { name: 'asset outbound http', close: () => fetcher.close() },
    { name: 'asset image processor', close: () => images.close() },
    { name: 'asset scratch', close: () => scratch.close() },
    ...database,
  );
  return running;
}
