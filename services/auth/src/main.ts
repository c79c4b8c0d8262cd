// Started as `node --import @boardsync/kit/telemetry/register src/main.ts` (the image's entry point),
// so tracing is set up before this file's imports load. with no argument it serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { connectRedis } from '@boardsync/kit/redis';
import { authConfigSchema } from './config.ts';
import { authService, startAuth } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

await runServiceCommand(authService, async () => {
  const config = loadConfigOrExit(authConfigSchema);
  const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
  const { redis, closable } = connectRedis(config.REDIS_URL, 'auth', { tlsCa: config.REDIS_TLS_CA_FILE });
  const auth = await startAuth(config, logger, { ...productionAdapters(config, 'auth', logger), redis });
  installGracefulShutdown([...auth.parts, closable, startedTracing(logger)], logger);
});
