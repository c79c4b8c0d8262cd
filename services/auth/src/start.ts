import type { Redis } from 'ioredis';
import { Topics, startDatabaseService, type Logger, type RunningService, type ServiceAdapters, type ServiceDefinition } from '@boardsync/kit';
import { createApp } from './app.ts';
import type { AuthSettings } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** What the running auth service and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const authService = {
  service: 'auth',
  entities,
  migrations,
  produces: [Topics.tokenRevoked, Topics.designerPlanChanged],
} satisfies ServiceDefinition;

/** Migrates, relays the outbox and serves auth on the adapters given (production's or the embedded mode's). */
export function startAuth(settings: AuthSettings, logger: Logger, adapters: ServiceAdapters & { redis?: Redis | undefined }): Promise<RunningService> {
  return startDatabaseService({
    ...authService,
    config: settings,
    adapters,
    logger,
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, config: settings, redis: adapters.redis }),
  });
}
