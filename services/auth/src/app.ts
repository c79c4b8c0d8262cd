import { apiGuard, createServiceApps, outboxReadiness, pingDatabase, type Database, type EventBus, type Logger, type ServiceApps } from '@boardsync/kit';
import type { Redis } from 'ioredis';
import type { AuthSettings } from './config.ts';
import { adminRouter } from './http/admin.ts';
import { authorizeRouter } from './http/authorize.ts';
import { BrowserSessions } from './http/browser.ts';
import { introspectionRouter } from './http/introspection.ts';
import { meRouter } from './http/me.ts';
import { pagesRouter } from './http/pages.ts';
import { createThrottles } from './http/throttles.ts';
import { tokenRouter } from './http/token.ts';
import { createOAuthServer } from './oauth/server.ts';
import { httpAccountFacts, type AccountFacts } from './peers/account-facts.ts';

export interface AuthDependencies {
  orm: Database;
  bus: EventBus;
  logger: Logger;
  config: Pick<
    AuthSettings,
    | 'ADMIN_TOKEN'
    | 'INTROSPECTION_CLIENT_ID'
    | 'INTROSPECTION_CLIENT_SECRET'
    | 'INTERNAL_JWT_SECRET'
    | 'SESSION_SECRET'
    | 'CATALOG_INTERNAL_URL'
    | 'ASSET_INTERNAL_URL'
    | 'DEFAULT_STORAGE_LIMIT_BYTES'
    | 'DEFAULT_UNLOCKED_PROJECT_LIMIT'
  > &
    Partial<Pick<AuthSettings, 'REDIS_KEY_PREFIX'>>;
  /** Defaults to asking catalog and asset over HTTP. */
  accountFacts?: AccountFacts;
  /** Shared throttle counters; absent (embedded mode), each process counts alone. */
  redis?: Redis | undefined;
}

/**
 * The auth service's two listeners, built from live dependencies (tests pass real ones). Public:
 * OAuth, the pages and `/api/v1/me`, reached through the gateway. Internal (never proxied): the
 * admin API and introspection.
 */
export function createApp({ orm, bus, logger, config, accountFacts, redis }: AuthDependencies): ServiceApps {
  const apps = createServiceApps({
    service: 'auth',
    logger,
    formLimit: '16kb',
    readiness: { database: () => pingDatabase(orm) },
    observed: { bus: () => bus.ping(), outbox: outboxReadiness(orm) },
  });
  const app = apps.public;
  // Only the gateway reaches auth; it says in X-Forwarded-Proto whether the browser used https (Secure cookies).
  app.proxy = true;
  app.use(apiGuard('auth', config.INTERNAL_JWT_SECRET));
  const sessions = new BrowserSessions(orm, config.SESSION_SECRET);
  const throttles = createThrottles({ redis, keyPrefix: config.REDIS_KEY_PREFIX ?? 'boardsync' });
  const internal = [
    adminRouter(orm, config.ADMIN_TOKEN, {
      storageLimitBytes: config.DEFAULT_STORAGE_LIMIT_BYTES,
      unlockedProjectLimit: config.DEFAULT_UNLOCKED_PROJECT_LIMIT,
    }),
    introspectionRouter(orm, { clientId: config.INTROSPECTION_CLIENT_ID, clientSecret: config.INTROSPECTION_CLIENT_SECRET }),
  ];
  for (const router of internal) apps.internal.use(router.routes()).use(router.allowedMethods());
  const routers = [
    tokenRouter(orm, createOAuthServer(orm, logger), logger, throttles.token),
    authorizeRouter(orm, sessions),
    pagesRouter(orm, sessions, throttles.signIn),
    meRouter(orm, accountFacts ?? httpAccountFacts({ catalogUrl: config.CATALOG_INTERNAL_URL, assetUrl: config.ASSET_INTERNAL_URL })),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return apps;
}
