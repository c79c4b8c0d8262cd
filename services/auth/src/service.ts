import type { Redis } from 'ioredis';
import { Topics, databaseServiceApps, serveOperations, startDatabaseService } from '@boardsync/kit';
import type { DatabaseServiceDependencies, Logger, RunningDatabaseService, ServiceAdapters, ServiceApps, ServiceDefinition } from '@boardsync/kit';
import type { AuthSettings } from './config.ts';
import { adminRouter } from './http/admin.ts';
import { authorizeRouter } from './http/authorize.ts';
import { BrowserSessions } from './http/browser.ts';
import { introspectionRouter } from './http/introspection.ts';
import { internalRouter } from './http/internal.ts';
import { meOperations } from './http/me.ts';
import { pagesRouter } from './http/pages.ts';
import { serverMetadataRouter } from './http/server-metadata.ts';
import { tokenRouter } from './http/token.ts';
import { oauthModel } from './oauth/model.ts';
import { createOAuthServer } from './oauth/server.ts';
import { httpAccountFacts, type AccountFacts } from './outbound/account-facts.ts';
import { httpAccountWebhooks } from './outbound/account-webhooks.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';
import { createThrottles } from './throttles/throttles.ts';

/** For the contract (scripts/contract/generate.ts), generated into the document the gateway serves. */
export { oauthOperations } from './http/oauth-operations.ts';

/** What the running auth service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const authService = {
  service: 'auth',
  entities,
  migrations,
  produces: [Topics.tokenRevoked, Topics.designerPlanChanged],
} satisfies ServiceDefinition;

/** The auth service's public API: `/me`, from which its router, the contract and the gateway's route table are built (the OAuth endpoints, outside /api/v1, are `oauthOperations`). */
export const authOperations = [...meOperations];

export interface AuthDependencies extends DatabaseServiceDependencies {
  config: Pick<
    AuthSettings,
    | 'ADMIN_TOKEN'
    | 'INTROSPECTION_CLIENT_ID'
    | 'INTROSPECTION_CLIENT_SECRET'
    | 'INTERNAL_JWT_SECRET'
    | 'SESSION_SECRET'
    | 'CATALOG_INTERNAL_URL'
    | 'ASSET_INTERNAL_URL'
    | 'WEBHOOK_INTERNAL_URL'
    | 'DEFAULT_STORAGE_LIMIT_BYTES'
    | 'DEFAULT_UNLOCKED_PROJECT_LIMIT'
    | 'PUBLIC_BASE_URL'
    | 'MAX_APPS_PER_DESIGNER'
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
  const sessions = new BrowserSessions(orm, config.SESSION_SECRET);
  const throttles = createThrottles({ redis, keyPrefix: config.REDIS_KEY_PREFIX ?? 'boardsync' });
  const plan = { storageLimitBytes: config.DEFAULT_STORAGE_LIMIT_BYTES, unlockedProjectLimit: config.DEFAULT_UNLOCKED_PROJECT_LIMIT };
  const facts = accountFacts ?? httpAccountFacts({ catalogUrl: config.CATALOG_INTERNAL_URL, assetUrl: config.ASSET_INTERNAL_URL });
  return databaseServiceApps({
    service: 'auth',
    orm,
    bus,
    logger,
    principalSecret: config.INTERNAL_JWT_SECRET,
    formLimit: '16kb',
    // Only the gateway reaches auth; it says in X-Forwarded-Proto whether the browser used https (Secure cookies).
    trustProxy: true,
    api: serveOperations(authOperations, { orm, facts }),
    public: [
      tokenRouter(orm, createOAuthServer(oauthModel(orm, logger)), logger, throttles.token),
      authorizeRouter(orm, sessions),
      pagesRouter({
        orm,
        sessions,
        throttle: throttles.signIn,
        maxAppsPerDesigner: config.MAX_APPS_PER_DESIGNER,
        webhooks: httpAccountWebhooks(config.WEBHOOK_INTERNAL_URL, config.INTERNAL_JWT_SECRET),
        logger,
      }),
      serverMetadataRouter(config.PUBLIC_BASE_URL),
    ],
    internal: [
      adminRouter(orm, config.ADMIN_TOKEN, plan, { maxAppsPerDesigner: config.MAX_APPS_PER_DESIGNER }),
      introspectionRouter(orm, { clientId: config.INTROSPECTION_CLIENT_ID, clientSecret: config.INTROSPECTION_CLIENT_SECRET }),
      internalRouter(orm, config.INTERNAL_JWT_SECRET),
    ],
  });
}

/** Migrates, relays the outbox and serves auth on the adapters given (production's or the embedded mode's). */
export function startAuth(settings: AuthSettings, logger: Logger, adapters: ServiceAdapters & { redis?: Redis | undefined }): Promise<RunningDatabaseService> {
  return startDatabaseService({
    ...authService,
    config: settings,
    adapters,
    logger,
    wire: ({ orm, bus }) => ({ apps: createApp({ orm, bus, logger, config: settings, redis: adapters.redis }) }),
  });
}
