import { join } from 'node:path';
import type Koa from 'koa';
import { InProcessBus } from './bus/in-process.ts';
import { KafkaBus } from './bus/kafka.ts';
import type { EventBus } from './bus/port.ts';
import { openDatabase, type Database, type Entities, type Migrations } from './db/database.ts';
import { serve, type Closable } from './http/serve.ts';
import type { Logger } from './logger.ts';
import { OutboxRelay } from './outbox/relay.ts';

export interface DatabaseServiceSettings {
  service: string;
  host: string;
  port: number;
  /** Postgres; absent: PGlite under `dataDir/{service}`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Absent (empty) and no `bus`: an in-process bus. */
  kafkaBrokers: readonly string[];
  entities: Entities;
  migrations: Migrations;
  logger: Logger;
  /** A bus owned by someone else (the embedded mode shares one); it is not closed here. */
  bus?: EventBus;
  createApp(deps: { orm: Database; bus: EventBus }): Koa;
}

export interface RunningService {
  url: string;
  orm: Database;
  bus: EventBus;
  /** In shutdown order: HTTP first, then the relay, the bus (if owned), the database. */
  parts: Closable[];
}

/** The common life of a service that owns a database: migrate, relay its outbox, serve HTTP. */
export async function startDatabaseService(settings: DatabaseServiceSettings): Promise<RunningService> {
  const { service, logger } = settings;
  const bus: EventBus =
    settings.bus ??
    (settings.kafkaBrokers.length > 0 ? new KafkaBus({ brokers: [...settings.kafkaBrokers], clientId: service, logger }) : new InProcessBus({ logger }));
  const orm = await openDatabase({ url: settings.databaseUrl, dataDir: join(settings.dataDir, service), entities: settings.entities, migrations: settings.migrations, logger });
  const relay = new OutboxRelay({ orm, bus, logger });
  relay.start();
  const server = await serve(settings.createApp({ orm, bus }), { host: settings.host, port: settings.port });
  logger.info({ url: server.url }, `${service} listening`);
  return {
    url: server.url,
    orm,
    bus,
    parts: [
      { name: `${service} http`, close: () => server.close() },
      { name: `${service} outbox relay`, close: () => relay.close() },
      ...(settings.bus ? [] : [{ name: `${service} bus`, close: () => bus.close() }]),
      { name: `${service} database`, close: () => orm.close() },
    ],
  };
}
