import { z } from 'zod';
import { KafkaBus } from './bus/kafka.ts';
import { kafkaSecurity, kafkaSecurityEnv } from './bus/kafka-security.ts';
import type { EventBus } from './bus/port.ts';
import { env } from './config.ts';
import type { Logger } from './logger.ts';

/**
 * The production adapters' environment. A service started alone requires these: it never falls
 * back to PGlite or the in-process bus because a variable is missing (it exits 78 naming it).
 * Only the embedded start (`npm start`) chooses the embedded adapters, by passing them in.
 */
export const kafkaEnv = z.object({
  KAFKA_BROKERS: env.requiredList('the Kafka bootstrap brokers, host:port[,host:port…]'),
  ...kafkaSecurityEnv.shape,
  /** Prefix for every topic and consumer group, so several deployments (or test runs) can share one cluster. Empty: none. */
  KAFKA_NAMESPACE: env.prefix(),
  /** For topics the service creates because they are missing. */
  KAFKA_TOPIC_PARTITIONS: env.int(3, 1),
  KAFKA_REPLICATION_FACTOR: env.int(1, 1),
  /**
   * False: topics are made beforehand (`node src/main.ts create-topics`, the chart's hook Job), so
   * the service never creates one (its Kafka principal needs no CreateTopics); a missing topic is
   * reported and retried, the consumers join once it exists, and the outbox keeps what it cannot send.
   */
  KAFKA_CREATE_TOPICS: env.boolean(true),
});

export const postgresEnv = z.object({
  DATABASE_URL: env.requiredUrl('the Postgres URL, postgres://user:password@host:5432/database'),
  DATABASE_POOL_MAX: env.int(10, 1),
  /**
   * False: migrations are applied beforehand (`node src/main.ts migrate`, the chart's hook Job); the
   * service only checks, read-only, that none is pending, and exits 78 naming them if any is.
   */
  MIGRATE_ON_START: env.boolean(true),
});

/** The Redis that replicas share counters in (the gateway's rate limits, auth's throttles). */
export const redisEnv = z.object({
  REDIS_URL: env.requiredUrl('the Redis URL, redis://host:6379, or rediss://user:password@host:6380 over TLS'),
  /** The CA bundle (PEM) that signs a `rediss://` server's certificate; unset: the system's CAs. */
  REDIS_TLS_CA_FILE: env.optionalFile(),
});

export type KafkaEnv = z.infer<typeof kafkaEnv>;
export type PostgresEnv = z.infer<typeof postgresEnv>;

/** Where a service keeps its data: a Postgres server, or PGlite in a directory (embedded mode only). */
export type DatabaseTarget =
  /** `migrateOnStart` false: require the database migrated rather than migrate it (default true). */
  { kind: 'postgres'; url: string; poolMax: number; migrateOnStart?: boolean } | { kind: 'pglite'; dataDir: string };

export interface ServiceAdapters {
  database: DatabaseTarget;
  bus: EventBus;
  /** False when the bus is shared (embedded mode): its owner closes it. */
  ownsBus: boolean;
}

/** The one place a Kafka bus is built from configuration; a ConfigError when its TLS and SASL settings do not fit together. */
export function busFromConfig(config: KafkaEnv, clientId: string, logger: Logger): KafkaBus {
  const { describe, ...security } = kafkaSecurity(config);
  logger.info({ brokers: config.KAFKA_BROKERS, security: describe }, 'kafka');
  return new KafkaBus({
    brokers: config.KAFKA_BROKERS,
    ...security,
    clientId,
    logger,
    namespace: config.KAFKA_NAMESPACE,
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    createTopics: config.KAFKA_CREATE_TOPICS,
  });
}

/** Postgres and Kafka, from a service's validated production configuration. */
export function productionAdapters(config: KafkaEnv & PostgresEnv, clientId: string, logger: Logger): ServiceAdapters {
  return {
    database: { kind: 'postgres', url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX, migrateOnStart: config.MIGRATE_ON_START },
    bus: busFromConfig(config, clientId, logger),
    ownsBus: true,
  };
}
