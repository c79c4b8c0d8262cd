import { z } from 'zod';
import type { SubscribeOptions } from './bus/port.ts';
import { env, metricsPortApart } from './config.ts';
import { kafkaEnv, postgresEnv } from './adapters.ts';

/**
 * What every service reads whatever its adapters: its two listeners, logging and shared secrets.
 * The public port is what the gateway proxies to; the internal port (admin API, `/internal/*`,
 * introspection, `/metrics`, readiness detail) is never proxied and listens on loopback by default.
 */
export function serviceEnv(defaultPort: number) {
  return z
    .object({
      PORT: env.port(defaultPort),
      HOST: env.string('127.0.0.1'),
      INTERNAL_PORT: env.port(defaultPort + 1000),
      INTERNAL_HOST: env.string('127.0.0.1'),
      METRICS_PORT: env.optionalPort(),
      LOG_LEVEL: env.logLevel(),
      ADMIN_TOKEN: env.secret(32),
      /** Shared with the gateway: verifies the internal principal. */
      INTERNAL_JWT_SECRET: env.secret(32),
    })
    .superRefine(metricsPortApart);
}

/**
 * A database-owning service's whole environment when started alone: its settings and the
 * production adapters (Postgres, Kafka), all required. Spread into the service's own schema.
 */
export function databaseServiceEnv(defaultPort: number) {
  return serviceEnv(defaultPort).extend({ ...postgresEnv.shape, ...kafkaEnv.shape });
}

/** A service that honours `Idempotency-Key`: how long a key answers with its first result, at least the 24 h the contract promises. */
export const idempotencyEnv = z.object({ IDEMPOTENCY_TTL_HOURS: env.int(24, 24) });

export type ServiceEnv = z.infer<ReturnType<typeof serviceEnv>>;
export type DatabaseServiceEnv = z.infer<ReturnType<typeof databaseServiceEnv>>;

/**
 * A consumer on a topic the service does not declare would never find it where topics are made
 * beforehand (`create-topics`, KAFKA_CREATE_TOPICS=false): refuse to start, so tests catch it.
 */
export function requireDeclaredTopics(service: string, consumers: readonly SubscribeOptions[], consumes: readonly string[]): void {
  const undeclared = consumers.flatMap((consumer) => consumer.topics).filter((topic) => !consumes.includes(topic));
  if (undeclared.length > 0) throw new Error(`${service} consumes ${undeclared.join(', ')} without declaring it in \`consumes\``);
}
