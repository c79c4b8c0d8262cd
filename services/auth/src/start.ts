import type { Redis } from 'ioredis';
import { Topics, startDatabaseService, type Logger, type RunningService, type ServiceAdapters } from '@boardsync/kit';
import { createApp } from './app.ts';
import type { AuthSettings } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** Migrates, relays the outbox and serves auth on the adapters given (production's or the embedded mode's). */
export function startAuth(settings: AuthSettings, logger: Logger, adapters: ServiceAdapters & { redis?: Redis | undefined }): Promise<RunningService> {
  return startDatabaseService({
    service: 'auth',
    config: settings,
    adapters,
    entities,
    migrations,
    logger,
    produces: [Topics.tokenRevoked, Topics.designerPlanChanged],
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, config: settings, redis: adapters.redis }),
  });
}
