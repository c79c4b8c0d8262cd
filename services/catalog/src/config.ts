import { env } from '@boardsync/kit';
import { z } from 'zod';

/** Environment of the catalog service; defaults suit one machine, production sets every secret. */
export const catalogConfigSchema = z.object({
  PORT: env.port(8082),
  HOST: env.string('127.0.0.1'),
  LOG_LEVEL: env.logLevel(),
  /** Postgres; without it the service keeps its data in PGlite under DATA_DIR. */
  DATABASE_URL: env.optionalUrl(),
  DATA_DIR: env.string('.data'),
  /** Kafka brokers; without them events stay in this process (embedded mode). */
  KAFKA_BROKERS: env.list(),
  ADMIN_TOKEN: env.secret(32),
  /** Shared with the gateway: verifies the principal on every request. */
  INTERNAL_JWT_SECRET: env.secret(32),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
