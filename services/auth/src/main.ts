import { Redis } from 'ioredis';
import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { authConfigSchema } from './config.ts';
import { authService, startAuth } from './start.ts';

// `node src/main.ts` serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
await runServiceCommand(authService, async () => {
  const config = loadConfigOrExit(authConfigSchema);
  const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
  // A Redis that hangs rather than refuses must not hang requests: past 500 ms a command fails and the limiter falls back to memory.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false, commandTimeout: 500 });
  const auth = await startAuth(config, logger, { ...productionAdapters(config, 'auth', logger), redis });
  installGracefulShutdown(
    [
      ...auth.parts,
      {
        name: 'auth redis',
        close: async () => {
          await redis.quit();
        },
      },
    ],
    logger,
  );
});
