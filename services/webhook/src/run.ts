import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters, runServiceCommand } from '@boardsync/kit';
import { webhookConfigSchema } from './config.ts';
import { startWebhook, webhookService } from './service.ts';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';

// Loaded by main.ts once tracing is set up. `node src/main.ts` serves; `migrate` and `create-topics` run once and exit (the chart's hook Job).
await runServiceCommand(webhookService, async () => {
  const config = loadConfigOrExit(webhookConfigSchema);
  const logger = createLogger({ service: 'webhook', level: config.LOG_LEVEL });
  const webhook = await startWebhook(config, logger, productionAdapters(config, 'webhook', logger));
  installGracefulShutdown([...webhook.parts, startedTracing()], logger);
});
