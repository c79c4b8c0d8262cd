// Started as `node --import @boardsync/kit/telemetry/register src/main.ts` (the image's entry point),
// so tracing is set up before this file's imports load. with no argument it serves; `create-topics` runs once and exits (the gateway owns no database, so it has no `migrate`).
import { busFromConfig, createLogger, installGracefulShutdown, loadConfigOrExit, runServiceCommand } from '@boardsync/kit/core';
import { connectRedis } from '@boardsync/kit/redis';
import { gatewayConfigSchema } from './config.ts';
import { gatewayService, startGateway } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

await runServiceCommand(gatewayService, async () => {
  const config = loadConfigOrExit(gatewayConfigSchema);
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  // One rate-limit command a request, seldom two in a tick: a pipeline per tick would only cost CPU.
  const { redis, closable } = connectRedis(config.REDIS_URL, 'gateway', { autoPipelining: false, tlsCa: config.REDIS_TLS_CA_FILE });
  const gateway = await startGateway(config, logger, { bus: busFromConfig(config, 'gateway', logger), ownsBus: true, redis });
  installGracefulShutdown([...gateway.parts, closable, startedTracing(logger)], logger);
});
