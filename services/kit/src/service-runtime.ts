import { join } from 'node:path';
import type Koa from 'koa';
import { z } from 'zod';
import { InProcessBus } from './bus/in-process.ts';
import { KafkaBus } from './bus/kafka.ts';
import { BackgroundSubscriptions } from './bus/background-subscriptions.ts';
import type { EventBus, SubscribeOptions } from './bus/port.ts';
import { openDatabase, type Database, type Entities, type Migrations } from './db/database.ts';
import { serve, type Closable } from './http/serve.ts';
import type { Logger } from './logger.ts';
import { OutboxRelay } from './outbox/relay.ts';
import { env } from './config.ts';

/**
 * The environment every service that owns a database reads; a service's own schema spreads it
 * (`z.object({ ...databaseServiceEnv(8082).shape, … })`). Defaults suit one machine.
 */
export function databaseServiceEnv(defaultPort: number) {
  return z.object({
    PORT: env.port(defaultPort),
    HOST: env.string('127.0.0.1'),
    LOG_LEVEL: env.logLevel(),
    /** Postgres; without it the service keeps its data in PGlite under DATA_DIR/{service}. */
    DATABASE_URL: env.optionalUrl(),
    DATA_DIR: env.string('.data'),
    /** Kafka brokers; without them events stay in this process (embedded mode). */
    KAFKA_BROKERS: env.list(),
    /** Prefix for every topic and consumer group, so several deployments (or test runs) can share one cluster. */
    KAFKA_NAMESPACE: env.string(''),
    ADMIN_TOKEN: env.secret(32),
    /** Shared with the gateway: verifies the internal principal. */
    INTERNAL_JWT_SECRET: env.secret(32),
  });
}

export type DatabaseServiceEnv = z.infer<ReturnType<typeof databaseServiceEnv>>;

export interface DatabaseServiceSettings {
  service: string;
  config: Pick<DatabaseServiceEnv, 'HOST' | 'PORT' | 'DATABASE_URL' | 'DATA_DIR' | 'KAFKA_BROKERS' | 'KAFKA_NAMESPACE'>;
  entities: Entities;
  migrations: Migrations;
  logger: Logger;
  /** A bus owned by someone else (the embedded mode shares one); it is not closed here. */
  bus?: EventBus;
  createApp(deps: { orm: Database; bus: EventBus }): Koa;
  /** What the service consumes: joined in the background once the database is migrated, so HTTP never waits on the broker. */
  consumers?(deps: { orm: Database; bus: EventBus }): SubscribeOptions[];
}

export interface RunningService {
  url: string;
  orm: Database;
  bus: EventBus;
  /** In shutdown order: HTTP first, then the consumers, the relay, the bus (if owned), the database. */
  parts: Closable[];
}

/** The common life of a service that owns a database: migrate, relay its outbox, serve HTTP. */
export async function startDatabaseService(settings: DatabaseServiceSettings): Promise<RunningService> {
  const { service, config, logger } = settings;
  const bus: EventBus =
    settings.bus ?? (config.KAFKA_BROKERS.length > 0 ? new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: service, logger, namespace: config.KAFKA_NAMESPACE }) : new InProcessBus({ logger }));
  const orm = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, service), entities: settings.entities, migrations: settings.migrations, logger });
  const relay = new OutboxRelay({ orm, bus, logger });
  relay.start();
  const consumers = new BackgroundSubscriptions(bus, settings.consumers?.({ orm, bus }) ?? [], logger);
  const server = await serve(settings.createApp({ orm, bus }), { host: config.HOST, port: config.PORT });
  logger.info({ url: server.url }, `${service} listening`);
  return {
    url: server.url,
    orm,
    bus,
    parts: [
      { name: `${service} http`, close: () => server.close() },
      { name: `${service} consumers`, close: () => consumers.close() },
      { name: `${service} outbox relay`, close: () => relay.close() },
      ...(settings.bus ? [] : [{ name: `${service} bus`, close: () => bus.close() }]),
      { name: `${service} database`, close: () => orm.close() },
    ],
  };
}
