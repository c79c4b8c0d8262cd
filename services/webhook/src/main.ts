// Started as `node --import @boardsync/kit/telemetry/register src/main.ts` (the image's entry point),
// so tracing is set up before this file's imports load. with no argument it serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { webhookConfigSchema } from './config.ts';
import { startWebhook, webhookService } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

await runServiceCommand(webhookService, async () => {
  const config = loadConfigOrExit(webhookConfigSchema);
  const logger = createLogger({ service: 'webhook', level: config.LOG_LEVEL });
  const webhook = await startWebhook(config, logger, productionAdapters(config, 'webhook', logger));
  installGracefulShutdown([...webhook.parts, startedTracing(logger)], logger);
});
