import { env } from '@boardsync/kit';
import { z } from 'zod';
import { isAddressOrRange } from './http/client-origin.ts';

export const gatewayConfigSchema = z.object({
  PORT: env.port(8080),
  HOST: env.string('127.0.0.1'),
  LOG_LEVEL: env.logLevel(),
  /** Auth: introspection, /oauth/* and its pages. */
  AUTH_URL: env.url(),
  /** The owning services of /api/v1 routes; one left unset answers 503 for its routes. */
  CATALOG_URL: env.optionalUrl(),
  ASSET_URL: env.optionalUrl(),
  WEBHOOK_URL: env.optionalUrl(),
  INTROSPECTION_CLIENT_ID: env.string('gateway'),
  INTROSPECTION_CLIENT_SECRET: env.secret(32),
  INTERNAL_JWT_SECRET: env.secret(32),
  /** Shared rate-limit counters across replicas; without it each process counts alone. */
  REDIS_URL: env.optionalUrl(),
  KAFKA_BROKERS: env.list(),
  /** Prefix for every topic and consumer group, as the other services read it. */
  KAFKA_NAMESPACE: env.string(''),
  RATE_LIMIT_READS_PER_MINUTE: env.int(300, 1),
  RATE_LIMIT_WRITES_PER_MINUTE: env.int(120, 1),
  INTROSPECTION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
  UPSTREAM_TIMEOUT_MS: env.int(30_000, 100),
  /** Addresses and CIDR ranges of proxies in front of the gateway whose X-Forwarded-For/-Proto are believed; none by default. */
  TRUSTED_PROXIES: env.list().refine((entries) => entries.every(isAddressOrRange), 'comma-separated IP addresses or CIDR ranges'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
