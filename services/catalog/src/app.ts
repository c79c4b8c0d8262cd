import { apiGuard, createServiceApps, outboxReadiness, pingDatabase, type Database, type EventBus, type Logger, type ServiceApps } from '@boardsync/kit';
import type { CatalogSettings } from './config.ts';
import { adminRouter } from './http/admin.ts';
import { componentsRouter } from './http/components.ts';
import { groupsRouter } from './http/groups.ts';
import { internalRouter } from './http/internal.ts';
import { masksRouter } from './http/masks.ts';
import { projectsRouter } from './http/projects.ts';

export interface CatalogDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  config: Pick<CatalogSettings, 'ADMIN_TOKEN' | 'INTERNAL_JWT_SECRET' | 'ASSET_PUBLIC_URL' | 'PUBLIC_BASE_URL'>;
}

/**
 * The catalog's two listeners, built from live dependencies (tests pass real ones). Public: the
 * API the gateway proxies to. Internal (never proxied): the admin API and `/internal/*` for auth's `/me`.
 */
export function createApp({ orm, bus, logger, config }: CatalogDependencies): ServiceApps {
  const apps = createServiceApps({
    service: 'catalog',
    logger,
    // Each router reads its own JSON bodies: 32 MB for a batch write, 1 MB everywhere else (http/json-bodies.ts).
    jsonLimit: false,
    readiness: { database: () => pingDatabase(orm) },
    observed: { bus: () => bus.ping(), outbox: outboxReadiness(orm) },
  });
  const app = apps.public;
  // Every /api/v1 request: a valid principal holding the route's scope (the kit's route table).
  app.use(apiGuard('catalog', config.INTERNAL_JWT_SECRET));
  const routers = [
    projectsRouter(orm, { publicBaseUrl: config.PUBLIC_BASE_URL }),
    componentsRouter(orm, { storedArtworkBaseUrl: config.ASSET_PUBLIC_URL, publicBaseUrl: config.PUBLIC_BASE_URL }),
    groupsRouter(orm),
    masksRouter(orm),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  for (const router of [internalRouter(orm, config.INTERNAL_JWT_SECRET), adminRouter(orm, config.ADMIN_TOKEN)])
    apps.internal.use(router.routes()).use(router.allowedMethods());
  return apps;
}
