import type Koa from 'koa';
import { apiGuard, createServiceApp, pingDatabase, type Database, type EventBus, type Logger } from '@boardsync/kit';
import type { AuthConfig } from './config.ts';
import { adminRouter } from './http/admin.ts';
import { authorizeRouter } from './http/authorize.ts';
import { BrowserSessions } from './http/browser.ts';
import { introspectionRouter } from './http/introspection.ts';
import { meRouter } from './http/me.ts';
import { pagesRouter } from './http/pages.ts';
import { tokenRouter } from './http/token.ts';
import { createOAuthServer } from './oauth/server.ts';
import { httpAccountFacts, type AccountFacts } from './peers/account-facts.ts';

export interface AuthDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  config: Pick<
    AuthConfig,
    | 'ADMIN_TOKEN'
    | 'INTROSPECTION_CLIENT_ID'
    | 'INTROSPECTION_CLIENT_SECRET'
    | 'INTERNAL_JWT_SECRET'
    | 'SESSION_SECRET'
    | 'CATALOG_URL'
    | 'ASSET_URL'
    | 'DEFAULT_STORAGE_LIMIT_BYTES'
    | 'DEFAULT_UNLOCKED_PROJECT_LIMIT'
  >;
  /** Defaults to asking catalog and asset over HTTP. */
  accountFacts?: AccountFacts;
}

/** The auth service's HTTP surface, built from live dependencies (tests pass real ones). */
export function createApp({ orm, bus, logger, config, accountFacts }: AuthDependencies): Koa {
  const app = createServiceApp({
    service: 'auth',
    logger,
    formLimit: '16kb',
    readiness: { database: () => pingDatabase(orm), bus: () => bus.ping() },
  });
  // Only the gateway reaches auth; it says in X-Forwarded-Proto whether the browser used https (Secure cookies).
  app.proxy = true;
  app.use(apiGuard('auth', config.INTERNAL_JWT_SECRET));
  const sessions = new BrowserSessions(orm, config.SESSION_SECRET);
  const routers = [
    adminRouter(orm, config.ADMIN_TOKEN, { storageLimitBytes: config.DEFAULT_STORAGE_LIMIT_BYTES, unlockedProjectLimit: config.DEFAULT_UNLOCKED_PROJECT_LIMIT }),
    introspectionRouter(orm, { clientId: config.INTROSPECTION_CLIENT_ID, clientSecret: config.INTROSPECTION_CLIENT_SECRET }),
    tokenRouter(orm, createOAuthServer(orm, logger), logger),
    authorizeRouter(orm, sessions),
    pagesRouter(orm, sessions),
    meRouter(orm, accountFacts ?? httpAccountFacts({ catalogUrl: config.CATALOG_URL, assetUrl: config.ASSET_URL })),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
