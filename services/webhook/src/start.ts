import { Topics, startDatabaseService, type Logger, type RunningService, type ServiceAdapters, type ServiceDefinition } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import { createApp } from './app.ts';
import type { WebhookSettings } from './config.ts';
import { DeliveryWorker } from './delivery/delivery-worker.ts';
import { catalogEventsConsumer } from './events/catalog-events-consumer.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** What the running webhook service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const webhookService = {
  service: 'webhook',
  entities,
  migrations,
  consumes: [Topics.componentsChanged, Topics.projectUpdated],
} satisfies ServiceDefinition;

/** Migrates, fans catalog events out to deliveries, delivers them, and serves the webhook API on the adapters given. */
export async function startWebhook(settings: WebhookSettings, logger: Logger, adapters: ServiceAdapters): Promise<RunningService> {
  const outbound = new SafeHttpClient({
    allowCidrs: settings.SSRF_ALLOW_CIDRS,
    // Redirects are never followed (spec: a 3xx is the receiver's answer); bodies are read only as an excerpt.
    maxRedirects: 0,
    maxBytes: 64 * 1024,
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    userAgent: 'boardsync-Webhook/1',
  });
  const running = await startDatabaseService({
    ...webhookService,
    config: settings,
    adapters,
    logger,
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, outbound, config: settings }),
    consumers: ({ orm }) => [catalogEventsConsumer(orm, logger)],
  });
  const worker = new DeliveryWorker({ orm: running.orm, outbound, logger, settings });
  worker.start();
  // The worker stops after HTTP and the consumers, before the database (always the last part).
  const database = running.parts.splice(-1, 1);
  running.parts.push(
    { name: 'webhook delivery worker', close: () => worker.close() },
    { name: 'webhook outbound http', close: () => outbound.close() },
    ...database,
  );
  return running;
}
