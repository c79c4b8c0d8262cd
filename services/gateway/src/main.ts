import { Redis } from 'ioredis';
import { busFromConfig, createLogger, installGracefulShutdown, loadConfigOrExit } from '@boardsync/kit';
import { gatewayConfigSchema } from './config.ts';
import { startGateway } from './start.ts';

const config = loadConfigOrExit(gatewayConfigSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
const gateway = await startGateway(config, logger, { bus: busFromConfig(config, 'gateway', logger), ownsBus: true, redis });
installGracefulShutdown([...gateway.parts, { name: 'gateway redis', close: async () => { await redis.quit(); } }], logger);
