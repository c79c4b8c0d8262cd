import { BackgroundSubscriptions, BackgroundTopics } from './bus/background-subscriptions.ts';
import type { EventBus, SubscribeOptions } from './bus/port.ts';
import { openDatabase, type Database, type Entities, type Migrations } from './db/database.ts';
import type { ServiceApps } from './http/app.ts';
import type { Closable } from './http/serve.ts';
import { serveListeners, type ListenerSettings } from './http/listeners.ts';
import type { Logger } from './logger.ts';
import { OutboxRelay } from './outbox/relay.ts';
import { registerOutboxMetrics } from './outbox/outbox-health.ts';
import type { ServiceAdapters } from './adapters.ts';
import { requireDeclaredTopics } from './service-env.ts';

export interface DatabaseServiceSettings {
  service: string;
  config: ListenerSettings;
  adapters: ServiceAdapters;
  entities: Entities;
  migrations: Migrations;
  logger: Logger;
  createApp(deps: { orm: Database; bus: EventBus }): ServiceApps;
  /** Topics the service publishes to (through its outbox): created at start when missing. */
  produces?: readonly string[];
  /** Topics the service consumes: every consumer's topics must be among them, so `create-topics` makes them all. */
  consumes?: readonly string[];
  /** What the service consumes: joined in the background once the database is migrated, so HTTP never waits on the broker. */
  consumers?(deps: { orm: Database; bus: EventBus }): SubscribeOptions[];
}

export interface RunningService {
  url: string;
  internalUrl: string;
  orm: Database;
  bus: EventBus;
  /** In shutdown order: HTTP first, then the consumers, the relay, the bus (if owned), the database. */
  parts: Closable[];
}

/** The common life of a service that owns a database: migrate (or check), relay its outbox, serve both listeners. */
export async function startDatabaseService(settings: DatabaseServiceSettings): Promise<RunningService> {
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
  const subscriptions = settings.consumers?.({ orm, bus }) ?? [];
  requireDeclaredTopics(service, subscriptions, settings.consumes ?? []);
  const relay = new OutboxRelay({ orm, bus, logger });
  relay.start();
  const topics = new BackgroundTopics(bus, settings.produces ?? [], logger);
  const consumers = new BackgroundSubscriptions(bus, subscriptions, logger);
  const apps = settings.createApp({ orm, bus });
  registerOutboxMetrics(apps.metrics.registry, orm);
  const listening = await serveListeners(service, apps, config, logger);
  return {
    url: listening.url,
    internalUrl: listening.internalUrl,
    orm,
    bus,
    parts: [
      ...listening.parts,
      { name: `${service} topics`, close: () => topics.close() },
      { name: `${service} consumers`, close: () => consumers.close() },
      { name: `${service} outbox relay`, close: () => relay.close() },
      ...(adapters.ownsBus ? [{ name: `${service} bus`, close: () => bus.close() }] : []),
      { name: `${service} database`, close: () => orm.close() },
    ],
  };
}
