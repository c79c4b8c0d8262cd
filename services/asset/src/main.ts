// Started as `node --import @boardsync/kit/telemetry/register src/main.ts` (the image's entry point),
// so tracing is set up before this file's imports load. with no argument it serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { assetConfigSchema } from './config.ts';
import { assetService, startAsset } from './service.ts';
import { S3ObjectStore } from './object-storage/s3-object-store.ts';
import { s3Access } from './object-storage/s3-access.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

await runServiceCommand(assetService, async () => {
  const config = loadConfigOrExit(assetConfigSchema);
  const logger = createLogger({ service: 'asset', level: config.LOG_LEVEL });
  const objects = new S3ObjectStore({
    ...(await s3Access(config, logger)),
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    pathStyle: config.S3_PATH_STYLE,
  });
  const asset = await startAsset(config, logger, { ...productionAdapters(config, 'asset', logger), objects });
  installGracefulShutdown([...asset.parts, startedTracing(logger)], logger);
});
