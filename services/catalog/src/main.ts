// Started as `node --import @boardsync/kit/telemetry/register src/main.ts` (the image's entry point),
// so tracing is set up before this file's imports load. with no argument it serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { catalogConfigSchema } from './config.ts';
import { catalogService, startCatalog } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

await runServiceCommand(catalogService, async () => {
  const config = loadConfigOrExit(catalogConfigSchema);
  const logger = createLogger({ service: 'catalog', level: config.LOG_LEVEL });
  const catalog = await startCatalog(config, logger, productionAdapters(config, 'catalog', logger));
  installGracefulShutdown([...catalog.parts, startedTracing(logger)], logger);
});
