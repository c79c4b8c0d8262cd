import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters } from '@boardsync/kit';
import { catalogConfigSchema } from './config.ts';
import { startCatalog } from './start.ts';

const config = loadConfigOrExit(catalogConfigSchema);
const logger = createLogger({ service: 'catalog', level: config.LOG_LEVEL });
const catalog = await startCatalog(config, logger, productionAdapters(config, 'catalog', logger));
installGracefulShutdown(catalog.parts, logger);
