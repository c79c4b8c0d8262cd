import type { EventBus } from './bus/port.ts';
import { ChangeSignals, OUTBOX_CHANNEL } from './db/change-signals.ts';
import { openDatabase, type Database, type Entities, type Migrations } from './db/database.ts';
import type { ListenerSettings } from './http/listeners.ts';
import type { Logger } from './logger.ts';
import { OutboxRelay } from './outbox/relay.ts';
import { nudgeAfterCommit } from './outbox/commit-nudge.ts';
import { registerOutboxMetrics } from './outbox/outbox-health.ts';
import type { ServiceAdapters } from './adapters.ts';
import { startService, type RunningService, type ServiceParts, type ServiceSettings } from './service-parts.ts';

export interface DatabaseServiceSettings extends Pick<ServiceSettings, 'produces' | 'consumes'> {
  service: string;
  config: ListenerSettings;
  adapters: ServiceAdapters;
  entities: Entities;
  migrations: Migrations;
  logger: Logger;
  /**
   * The service's parts, built on its opened (and migrated) database: its wiring file's one
   * function. `signals` (production mode only) wakes its workers on other replicas' commits.
   */
  wire(deps: { orm: Database; bus: EventBus; signals: ChangeSignals | undefined }): ServiceParts;
}

export interface RunningDatabaseService extends RunningService {
  orm: Database;
  bus: EventBus;
}

/**
 * The common life of a service that owns a database: migrate (or check), relay its outbox, then
 * `startService`. The database closes last, after everything that uses it.
 */
export async function startDatabaseService(settings: DatabaseServiceSettings): Promise<RunningDatabaseService> {
  const { service, config, logger, adapters } = settings;
  const { bus, database } = adapters;
  logger.info({ database: database.kind, bus: bus.constructor.name }, `${service} adapters`);
  const orm = await openDatabase({
    ...(database.kind === 'postgres'
      ? { url: database.url, poolMax: database.poolMax, migrate: database.migrateOnStart ?? true }
      : { dataDir: database.dataDir }),
    entities: settings.entities,
    migrations: settings.migrations,
    logger,
  });
  const signals = database.kind === 'postgres' ? new ChangeSignals(database.url, logger) : undefined;
  const parts = settings.wire({ orm, bus, signals });
  const onPublished = registerOutboxMetrics(parts.apps.metrics.registry, orm, logger);
  const relay = new OutboxRelay({ orm, bus, logger, onPublished });
  nudgeAfterCommit(orm, () => {
    relay.nudge();
  });
  // Often this pod's own commit, already nudged: a hint only looks.
  signals?.on(OUTBOX_CHANNEL, () => {
    relay.hint();
  });
  signals?.start();
  const running = await startService({
    service,
    config,
    logger,
    bus,
    ownsBus: adapters.ownsBus,
    produces: settings.produces ?? [],
    consumes: settings.consumes ?? [],
    parts,
    relay: {
      name: `${service} outbox relay`,
      start: () => {
        relay.start();
      },
      close: () => relay.close(),
    },
  });
  const closing = [
    ...(signals ? [{ name: `${service} change signals`, close: () => signals.close() }] : []),
    { name: `${service} database`, close: () => orm.close() },
  ];
  return { ...running, orm, bus, parts: [...running.parts, ...closing] };
}
