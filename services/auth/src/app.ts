import type Koa from 'koa';
import { createServiceApp, pingDatabase, type Database, type EventBus, type Logger } from '@boardsync/kit';
import type { AuthConfig } from './config.ts';
import { adminRouter } from './http/admin.ts';
import { introspectionRouter } from './http/introspection.ts';

export interface AuthDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  config: Pick<AuthConfig, 'ADMIN_TOKEN' | 'INTROSPECTION_CLIENT_ID' | 'INTROSPECTION_CLIENT_SECRET' | 'DEFAULT_STORAGE_LIMIT_BYTES' | 'DEFAULT_UNLOCKED_PROJECT_LIMIT'>;
}

/** The auth service's HTTP surface, built from live dependencies (tests pass real ones). */
export function createApp({ orm, bus, logger, config }: AuthDependencies): Koa {
  const app = createServiceApp({
    service: 'auth',
    logger,
    formLimit: '16kb',
    readiness: { database: () => pingDatabase(orm), bus: () => bus.ping() },
  });
  const admin = adminRouter(orm, config.ADMIN_TOKEN, {
    storageLimitBytes: config.DEFAULT_STORAGE_LIMIT_BYTES,
    unlockedProjectLimit: config.DEFAULT_UNLOCKED_PROJECT_LIMIT,
  });
  const introspection = introspectionRouter(orm, { clientId: config.INTROSPECTION_CLIENT_ID, clientSecret: config.INTROSPECTION_CLIENT_SECRET });
  app.use(admin.routes()).use(admin.allowedMethods());
  app.use(introspection.routes()).use(introspection.allowedMethods());
  return app;
}
