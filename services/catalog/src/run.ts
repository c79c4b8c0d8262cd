import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { catalogConfigSchema } from './config.ts';
import { catalogService, startCatalog } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

// Loaded by main.ts once tracing is set up. `node src/main.ts` serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
await runServiceCommand(catalogService, async () => {
  const config = loadConfigOrExit(catalogConfigSchema);
  const logger = createLogger({ service: 'catalog', level: config.LOG_LEVEL });
  const catalog = await startCatalog(config, logger, productionAdapters(config, 'catalog', logger));
  installGracefulShutdown([...catalog.parts, startedTracing()], logger);
});
