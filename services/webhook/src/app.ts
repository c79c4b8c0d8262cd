import { apiGuard, createServiceApps, outboxReadiness, pingDatabase, type Database, type EventBus, type Logger, type ServiceApps } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { WebhookSettings } from './config.ts';
import { deliveryLogRouter } from './http/delivery-log-router.ts';
import { webhooksRouter } from './http/webhooks-router.ts';

export interface WebhookDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  /** Checks a URL is public at registration, as deliveries do at every attempt. */
  outbound: SafeHttpClient;
  config: Pick<WebhookSettings, 'INTERNAL_JWT_SECRET' | 'PUBLIC_BASE_URL' | 'WEBHOOK_MAX_PER_APP' | 'WEBHOOK_TIMEOUT_MS' | 'DELIVERY_RETENTION_DAYS'>;
}

/** The webhook service's two listeners. Public: the API the gateway proxies to. Internal: readiness detail and metrics. */
export function createApp({ orm, bus, logger, outbound, config }: WebhookDependencies): ServiceApps {
  const apps = createServiceApps({
    service: 'webhook',
    logger,
    jsonLimit: '64kb',
    readiness: { database: () => pingDatabase(orm) },
    observed: { bus: () => bus.ping(), outbox: outboxReadiness(orm) },
  });
  apps.public.use(apiGuard('webhook', config.INTERNAL_JWT_SECRET));
  const router = webhooksRouter(orm, outbound, { maxPerApp: config.WEBHOOK_MAX_PER_APP, publicBaseUrl: config.PUBLIC_BASE_URL });
  apps.public.use(router.routes()).use(router.allowedMethods());
  const log = deliveryLogRouter(orm, outbound, {
    publicBaseUrl: config.PUBLIC_BASE_URL,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    retentionDays: config.DELIVERY_RETENTION_DAYS,
  });
  apps.public.use(log.routes()).use(log.allowedMethods());
  return apps;
}
