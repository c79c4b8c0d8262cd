import { Topics, startDatabaseService, type Logger, type RunningService, type ServiceAdapters, type ServiceDefinition } from '@boardsync/kit';
import { createApp } from './app.ts';
import { internalizeCompletedConsumer } from './events/internalize-completed.ts';
import type { CatalogSettings } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** What the running catalog and its one-shot commands (`node src/main.ts migrate|create-topics`) share. */
export const catalogService = {
  service: 'catalog',
  entities,
  migrations,
  produces: [Topics.componentsChanged, Topics.projectUpdated, Topics.internalizeRequested],
  consumes: [Topics.internalizeCompleted],
} satisfies ServiceDefinition;

/** Migrates, relays the outbox and serves the catalog on the adapters given (production's or the embedded mode's). */
export function startCatalog(settings: CatalogSettings, logger: Logger, adapters: ServiceAdapters): Promise<RunningService> {
  return startDatabaseService({
    ...catalogService,
    config: settings,
    adapters,
    logger,
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, config: settings }),
    consumers: ({ orm }) => [internalizeCompletedConsumer(orm, logger)],
  });
}
