import { Topics, WakeSignal, databaseServiceApps, idempotencyKeyForgetter, serveOperations, startDatabaseService } from '@boardsync/kit';
import type { DatabaseServiceDependencies, Logger, RunningDatabaseService, ServiceAdapters, ServiceApps, ServiceDefinition } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import type { WebhookSettings } from './config.ts';
import { DeliveryQueue } from './use-cases/delivery-queue.ts';
import { DeliveryWorker } from './workers/delivery-worker.ts';
import { deliveryPruner } from './workers/delivery-pruner.ts';
import { registerQueueMetrics } from './workers/queue-metrics.ts';
import { DELIVERIES_QUEUED_CHANNEL } from './store/delivery-queue.ts';
import { catalogEventsConsumer } from './events/catalog-events-consumer.ts';
import { consentRevocationsConsumer } from './events/consent-revocations-consumer.ts';
import { httpConsentStanding } from './outbound/consent-standing.ts';
import { CONSENT_WITHDRAWN_CHANNEL } from './store/consents.ts';
import { deliveryLogOperations } from './http/delivery-log.ts';
import { webhookRegistrationOperations } from './http/webhooks.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';
import { SecretResealing } from './workers/secret-resealing.ts';
import { adminRouter } from './http/admin.ts';
import { internalRouter } from './http/internal.ts';

/** What the running webhook service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const webhookService = {
  service: 'webhook',
  entities,
  migrations,
  consumes: [Topics.componentsChanged, Topics.projectUpdated, Topics.tokenRevoked],
} satisfies ServiceDefinition;

/** The webhook service's public API: registration, then the delivery log; its router, the contract and the gateway's route table are built from it. */
export const webhookOperations = [...webhookRegistrationOperations, ...deliveryLogOperations];

export interface WebhookDependencies extends DatabaseServiceDependencies {
  /** Checks a URL is public at registration, as deliveries do at every attempt. */
  outbound: SafeHttpClient;
  /** Rotation's state and a pass on demand, for the admin API. */
  resealing: SecretResealing;
  /** Deliveries were queued again (redeliver, recover): wakes this process's worker. Absent: its next poll finds them. */
  deliveriesQueued?: () => void;
  config: Pick<
    WebhookSettings,
    | 'ADMIN_TOKEN'
    | 'INTERNAL_JWT_SECRET'
    | 'PUBLIC_BASE_URL'
    | 'WEBHOOK_MAX_PER_APP'
    | 'WEBHOOK_MAX_PER_DESIGNER'
    | 'WEBHOOK_SECRET_KEYS'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'DELIVERY_RETENTION_DAYS'
  > &
    Partial<Pick<WebhookSettings, 'IDEMPOTENCY_TTL_HOURS'>>;
}

/** The webhook service's two listeners. Public: the API the gateway proxies to. Internal: readiness detail, metrics and the admin API. */
export function createApp({ orm, bus, logger, outbound, resealing, config, deliveriesQueued = () => undefined }: WebhookDependencies): ServiceApps {
  const { PUBLIC_BASE_URL: publicBaseUrl, WEBHOOK_SECRET_KEYS: keyring } = config;
  return databaseServiceApps({
    service: 'webhook',
    orm,
    bus,
    logger,
    principalSecret: config.INTERNAL_JWT_SECRET,
    // Every body here is small (a registration, a recovery window): the app's one parser reads them all, so no operation reads its own.
    jsonLimit: '64kb',
    api: serveOperations(webhookOperations, {
      orm,
      outbound,
      keyring,
      maxPerApp: config.WEBHOOK_MAX_PER_APP,
      maxPerDesigner: config.WEBHOOK_MAX_PER_DESIGNER,
      publicBaseUrl,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      retentionDays: config.DELIVERY_RETENTION_DAYS,
      deliveriesQueued,
      keys: { ttlHours: config.IDEMPOTENCY_TTL_HOURS ?? 24 },
    }),
    internal: [adminRouter(orm, resealing, config.ADMIN_TOKEN), internalRouter(orm, config.INTERNAL_JWT_SECRET)],
  });
}

/** Migrates, fans catalog events out to deliveries, delivers them, and serves the webhook API on the adapters given. */
export function startWebhook(configured: WebhookSettings, logger: Logger, adapters: ServiceAdapters): Promise<RunningDatabaseService> {
  // Every part seals in the version asked for and opens what it allows: `webhook` (v2) refuses v1 and bare values.
  const settings = {
    ...configured,
    WEBHOOK_SECRET_KEYS: configured.WEBHOOK_SECRET_KEYS.sealingIn(configured.WEBHOOK_SECRET_BINDING === 'webhook' ? 'v2' : 'v1'),
  };
  const outbound = new SafeHttpClient({
    allowCidrs: settings.SSRF_ALLOW_CIDRS,
    allowHosts: settings.OUTBOUND_ALLOW_HOSTS,
    // Redirects are never followed (docs/rules.md "Delivery": a 3xx is the receiver's answer); bodies are read only as an excerpt.
    maxRedirects: 0,
    maxBytes: 64 * 1024,
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    userAgent: 'boardsync-Webhook/1',
  });
  return startDatabaseService({
    ...webhookService,
    config: settings,
    adapters,
    logger,
    wire: ({ orm, bus, signals }) => {
      const resealing = new SecretResealing(orm, settings.WEBHOOK_SECRET_KEYS, logger);
      const queue = new DeliveryQueue(orm, { retryDelaysMs: settings.WEBHOOK_RETRY_DELAYS, deactivateAfter: settings.WEBHOOK_DEACTIVATE_AFTER });
      const wakeWorker = new WakeSignal();
      const apps = createApp({
        orm,
        bus,
        logger,
        outbound,
        resealing,
        config: settings,
        deliveriesQueued: () => {
          wakeWorker.nudge();
        },
      });
      resealing.registerMetric(apps.metrics.registry);
      const consents = httpConsentStanding(settings.AUTH_INTERNAL_URL, settings.INTERNAL_JWT_SECRET);
      const deliveries = new DeliveryWorker({ orm, queue, outbound, logger, consents, settings, registry: apps.metrics.registry, wake: wakeWorker });
      registerQueueMetrics(apps.metrics.registry, orm, logger);
      // Another replica stopped a webhook for a withdrawn consent: what this one remembers may be stale.
      signals?.on(CONSENT_WITHDRAWN_CHANNEL, () => {
        consents.forgetAll();
      });
      // Another replica's fan-out: claim now rather than at the next poll.
      signals?.on(DELIVERIES_QUEUED_CHANNEL, () => {
        deliveries.hint();
      });
      return {
        apps,
        consumers: [
          catalogEventsConsumer(orm, logger, () => {
            deliveries.nudge();
          }),
          consentRevocationsConsumer(orm, consents, logger),
        ],
        workers: [
          deliveries,
          deliveryPruner(queue, logger, settings.DELIVERY_RETENTION_DAYS),
          resealing,
          idempotencyKeyForgetter(orm, logger, settings.IDEMPOTENCY_TTL_HOURS),
        ],
        resources: [{ name: 'webhook outbound http', close: () => outbound.close() }],
      };
    },
  });
}
