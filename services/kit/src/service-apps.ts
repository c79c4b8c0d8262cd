import type { EventBus } from './bus/port.ts';
import { pingDatabase, type Database } from './db/database.ts';
import { apiOperations, type ServedOperation } from './http/api-operations.ts';
import { createServiceApps, type ServiceAppOptions, type ServiceApps } from './http/app.ts';
import type { ReadinessCheck } from './http/health.ts';
import { mountRouters, type Mountable } from './http/mount.ts';
import { outboxReadiness } from './outbox/outbox-health.ts';
import type { Logger } from './logger.ts';
import type { ServiceName } from './routes.ts';
import { conditionalGet } from './http/conditional-get.ts';

/** What every database service's listeners are built from; a service's own dependencies extend it. */
export interface DatabaseServiceDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
}

export interface DatabaseServiceAppsOptions extends Omit<ServiceAppOptions, 'service' | 'readiness' | 'observed' | 'guard'> {
  service: ServiceName;
  orm: Database;
  bus: EventBus;
  /** Verifies the gateway's signed principal: every `/api/v1` request needs one holding its operation's scope (`apiOperations`). */
  principalSecret: string;
  /** The service's public API: its operations, bound to its dependencies (`serveOperations`). */
  api: readonly ServedOperation[];
  /** Its other public routes (OAuth, pages), on the port the gateway proxies to. */
  public?: readonly Mountable[];
  /** The never-proxied listener: admin API, `/internal/*`, introspection. */
  internal?: readonly Mountable[];
  /** What it cannot serve without beside its database (the asset service's object store). */
  readiness?: Record<string, ReadinessCheck>;
  /** Believe X-Forwarded-For and -Proto: for a service only the gateway reaches, which sets them. */
  trustProxy?: boolean;
}

/**
 * A database service's two listeners: ready while its database answers; its bus and outbox
 * reported (`degraded`) without gating readiness; ETag and 304 on its public reads; its API
 * operations served behind its own scope check; its other routers mounted.
 */
export function databaseServiceApps(options: DatabaseServiceAppsOptions): ServiceApps {
  const { orm, bus } = options;
  const apps = createServiceApps({
    ...options,
    readiness: { database: () => pingDatabase(orm), ...options.readiness },
    observed: { bus: () => bus.ping(), outbox: outboxReadiness(orm) },
  });
  apps.public.proxy = options.trustProxy ?? false;
  apps.public.use(conditionalGet());
  apps.public.use(apiOperations(options.api, options.principalSecret));
  mountRouters(apps.public, options.public ?? []);
  mountRouters(apps.internal, options.internal ?? []);
  return apps;
}
