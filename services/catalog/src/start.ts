import { Topics, startDatabaseService, type Logger, type RunningService, type ServiceAdapters } from '@boardsync/kit';
import { createApp } from './app.ts';
import { internalizeCompletedConsumer } from './events/internalize-completed.ts';
import type { CatalogSettings } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** Migrates, relays the outbox and serves the catalog on the adapters given (production's or the embedded mode's). */
export function startCatalog(settings: CatalogSettings, logger: Logger, adapters: ServiceAdapters): Promise<RunningService> {
  return startDatabaseService({
    service: 'catalog',
    config: settings,
    adapters,
    entities,
    migrations,
    logger,
    produces: [Topics.componentsChanged, Topics.projectUpdated, Topics.internalizeRequested],
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, config: settings }),
    consumers: ({ orm }) => [internalizeCompletedConsumer(orm, logger)],
  });
}
