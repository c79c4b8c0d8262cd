import { createLogger, installGracefulShutdown, loadConfigOrExit } from '@boardsync/kit';
import { gatewayConfigSchema } from './config.ts';
import { startGateway } from './start.ts';

const config = loadConfigOrExit(gatewayConfigSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const gateway = await startGateway(config, logger);
installGracefulShutdown(gateway.parts, logger);
