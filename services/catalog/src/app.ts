import type Koa from 'koa';
import { apiGuard, createServiceApp, pingDatabase, type Database, type EventBus, type Logger } from '@boardsync/kit';
import type { CatalogConfig } from './config.ts';
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
  config: Pick<CatalogConfig, 'ADMIN_TOKEN' | 'INTERNAL_JWT_SECRET' | 'ASSET_PUBLIC_URL'>;
}

/** The catalog's HTTP surface, built from live dependencies (tests pass real ones). */
export function createApp({ orm, bus, logger, config }: CatalogDependencies): Koa {
  const app = createServiceApp({
    service: 'catalog',
    logger,
    // A full batch: 500 rows, each with up to 20,000 characters of description and notes.
    jsonLimit: '32mb',
    readiness: { database: () => pingDatabase(orm), bus: () => bus.ping() },
  });
  // Only the gateway reaches the catalog; its X-Forwarded-* give the public URLs pagination links use.
  app.proxy = true;
  // Every /api/v1 request: a valid principal holding the route's scope (the kit's route table).
  app.use(apiGuard('catalog', config.INTERNAL_JWT_SECRET));
  const routers = [
    projectsRouter(orm),
    componentsRouter(orm, { storedArtworkBaseUrl: config.ASSET_PUBLIC_URL }),
    groupsRouter(orm),
    masksRouter(orm),
    internalRouter(orm, config.INTERNAL_JWT_SECRET),
    adminRouter(orm, config.ADMIN_TOKEN),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
