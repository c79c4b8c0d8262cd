import { Topics, databaseServiceApps, startDatabaseService } from '@boardsync/kit';
import type { DatabaseServiceDependencies, Logger, RunningDatabaseService, ServiceAdapters, ServiceApps, ServiceDefinition } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import type { WebhookSettings } from './config.ts';
import { DeliveryWorker } from './workers/delivery-worker.ts';
import { registerQueueMetrics } from './workers/queue-metrics.ts';
import { DELIVERIES_QUEUED_CHANNEL } from './store/delivery-queue.ts';
import { catalogEventsConsumer } from './events/catalog-events-consumer.ts';
import { consentRevocationsConsumer } from './events/consent-revocations-consumer.ts';
import { httpConsentStanding } from './peers/consent-standing.ts';
import { CONSENT_WITHDRAWN_CHANNEL } from './store/consents.ts';
import { deliveryLogOperations } from './http/delivery-log-operations.ts';
import { deliveryLogRouter } from './http/delivery-log-router.ts';
import { webhookOperations as registrationOperations } from './http/webhook-operations.ts';
import { webhooksRouter } from './http/webhooks-router.ts';
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

/** The webhook service's public operations as the contract describes them: registration, then the delivery log (the OpenAPI document is built from them). */
export const webhookOperations = [...registrationOperations, ...deliveryLogOperations];

export interface WebhookDependencies extends DatabaseServiceDependencies {
  /** Checks a URL is public at registration, as deliveries do at every attempt. */
  outbound: SafeHttpClient;
  /** Rotation's state and a pass on demand, for the admin API. */
  resealing: SecretResealing;
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
  >;
}

/** The webhook service's two listeners. Public: the API the gateway proxies to. Internal: readiness detail, metrics and the admin API. */
export function createApp({ orm, bus, logger, outbound, resealing, config }: WebhookDependencies): ServiceApps {
  const { PUBLIC_BASE_URL: publicBaseUrl, WEBHOOK_SECRET_KEYS: keyring } = config;
  return databaseServiceApps({
    service: 'webhook',
    orm,
    bus,
    logger,
    principalSecret: config.INTERNAL_JWT_SECRET,
    jsonLimit: '64kb',
    public: [
      webhooksRouter(orm, outbound, { maxPerApp: config.WEBHOOK_MAX_PER_APP, maxPerDesigner: config.WEBHOOK_MAX_PER_DESIGNER, publicBaseUrl, keyring }),
      deliveryLogRouter(orm, outbound, { publicBaseUrl, timeoutMs: config.WEBHOOK_TIMEOUT_MS, retentionDays: config.DELIVERY_RETENTION_DAYS, keyring }),
    ],
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
      const apps = createApp({ orm, bus, logger, outbound, resealing, config: settings });
      resealing.registerMetric(apps.metrics.registry);
      const consents = httpConsentStanding(settings.AUTH_INTERNAL_URL, settings.INTERNAL_JWT_SECRET);
      const deliveries = new DeliveryWorker({ orm, outbound, logger, consents, settings, registry: apps.metrics.registry });
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
        workers: [deliveries, resealing],
        resources: [{ name: 'webhook outbound http', close: () => outbound.close() }],
      };
    },
  });
}
