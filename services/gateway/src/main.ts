import { Redis } from 'ioredis';
import { busFromConfig, createLogger, installGracefulShutdown, loadConfigOrExit, runServiceCommand } from '@boardsync/kit/core';
import { gatewayConfigSchema } from './config.ts';
import { gatewayService, startGateway } from './start.ts';

// `node src/main.ts` serves; `create-topics` runs once and exits (the gateway owns no database, so it has no `migrate`).
await runServiceCommand(gatewayService, async () => {
  const config = loadConfigOrExit(gatewayConfigSchema);
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  // A Redis that hangs rather than refuses must not hang requests: past 500 ms a command fails and the limiter falls back to memory.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false, commandTimeout: 500, enableAutoPipelining: true });
  const gateway = await startGateway(config, logger, { bus: busFromConfig(config, 'gateway', logger), ownsBus: true, redis });
  installGracefulShutdown(
    [
      ...gateway.parts,
      {
        name: 'gateway redis',
        close: async () => {
          await redis.quit();
        },
      },
    ],
    logger,
  );
});
