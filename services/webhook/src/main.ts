import { createLogger, installGracefulShutdown, loadConfigOrExit, productionAdapters } from '@boardsync/kit';
import { webhookConfigSchema } from './config.ts';
import { startWebhook } from './start.ts';

const config = loadConfigOrExit(webhookConfigSchema);
const logger = createLogger({ service: 'webhook', level: config.LOG_LEVEL });
const webhook = await startWebhook(config, logger, productionAdapters(config, 'webhook', logger));
installGracefulShutdown(webhook.parts, logger);
