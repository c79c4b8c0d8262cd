import { startDatabaseService, type EventBus, type Logger, type RunningService } from '@boardsync/kit';
import { createApp } from './app.ts';
import { internalizeCompletedConsumer } from './events/internalize-completed.ts';
import type { CatalogConfig } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

/** Migrates, relays the outbox and serves catalog, from validated config. */
export function startCatalog(config: CatalogConfig, logger: Logger, shared: { bus?: EventBus } = {}): Promise<RunningService> {
  return startDatabaseService({
    service: 'catalog',
    config,
    entities,
    migrations,
    logger,
    ...shared,
    createApp: ({ orm, bus }) => createApp({ orm, bus, logger, config }),
    consumers: ({ orm }) => [internalizeCompletedConsumer(orm, logger)],
  });
}
