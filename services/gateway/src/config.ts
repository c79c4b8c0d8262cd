import { env, kafkaEnv, metricsPortApart, redisEnv } from '@boardsync/kit/core';
import { z } from 'zod';
import { isAddressOrRange, isOrigin } from './domain/origins.ts';

/** The gateway's own settings, whatever its adapters. */
export const gatewaySettingsSchema = z
  .object({
    PORT: env.port(8080),
    HOST: env.string('127.0.0.1'),
    /** `/metrics` and readiness detail; never the public port. */
    INTERNAL_PORT: env.port(9080),
    INTERNAL_HOST: env.string('127.0.0.1'),
    /** Set: `/metrics` also on a listener of its own, for a scraper that must reach nothing else. */
    METRICS_PORT: env.optionalPort(),
    LOG_LEVEL: env.logLevel(),
    /** Auth's public listener: /oauth/authorize|token|revoke, the sign-in and settings pages, /api/v1/me. */
    AUTH_URL: env.url(),
    /** Auth's internal listener: token introspection. */
    AUTH_INTERNAL_URL: env.url(),
    /** The owning services of /api/v1 routes; one left unset answers 503 for its routes. */
    CATALOG_URL: env.optionalUrl(),
    ASSET_URL: env.optionalUrl(),
    WEBHOOK_URL: env.optionalUrl(),
    INTROSPECTION_CLIENT_ID: env.string('gateway'),
    INTROSPECTION_CLIENT_SECRET: env.secret(32),
    INTERNAL_JWT_SECRET: env.secret(32),
    RATE_LIMIT_READS_PER_MINUTE: env.int(300, 1),
    RATE_LIMIT_WRITES_PER_MINUTE: env.int(120, 1),
    /**
     * With Redis: calls a replica may admit before Redis counts them (far from the limit; within
     * 2 × this of it, every call asks). N replicas may together let a client past its limit by at
     * most (N − 1) × 2 × this a minute; one replica, never. 0: every call asks Redis.
     */
    RATE_LIMIT_LOCAL_BATCH: z.coerce.number().int().min(0).max(100).default(8),
    INTROSPECTION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
    /** Unknown, expired or revoked tokens are remembered this long (0: not at all). */
    INTROSPECTION_NEGATIVE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /** Failed authentications (malformed, unknown, expired, revoked tokens) one client IP may make a minute before 429. */
    RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: env.int(30, 1),
    /** Prefix of every rate-limit key, so deployments can share one Redis. */
    REDIS_KEY_PREFIX: env.prefix('boardsync'),
    /** Names this replica's own consumer groups; default HOSTNAME (the pod name), else the OS host name. */
    REPLICA_ID: env.optionalString(),
    UPSTREAM_TIMEOUT_MS: env.int(30_000, 100),
    /**
     * For the routes that hold a request (the changes feed's long-poll, up to 60 s) or stream: the
     * wait for an answer's head and between its chunks. Above 60 s, so a healthy wait is never cut.
     */
    HELD_REQUEST_TIMEOUT_MS: env.int(90_000, 61_000),
    /**
     * Upstream connections per service for those routes, a pool apart from the ordinary one (128),
     * so open streams can never take the connections every other request needs.
     */
    HELD_REQUEST_MAX_CONNECTIONS: env.int(10_000, 1),
    /**
     * The embedded mode's artwork directory (the asset service's directory store): GET and HEAD
     * `/assets/<key>` serve `<dir>/<key>`. Unset (production: a bucket or CDN serves artwork), there is no `/assets/` route.
     */
    ASSET_FILES_DIR: env.optionalString(),
    /** The gateway's public origin, as clients reach it: `/openapi.json` names it as the server and in the OAuth URLs. Unset: http://localhost:8080. */
    PUBLIC_BASE_URL: env.optionalUrl(),
    /** Addresses and CIDR ranges of proxies in front of the gateway whose X-Forwarded-For/-Proto are believed; none by default. */
    TRUSTED_PROXIES: env.list().refine((entries) => entries.every(isAddressOrRange), 'comma-separated IP addresses or CIDR ranges'),
    /** Origins whose pages may call the bearer-token API and the OAuth token endpoints (CORS); none by default. */
    CORS_ALLOWED_ORIGINS: env
      .list()
      .refine((entries) => entries.every(isOrigin), 'comma-separated origins such as https://tool.example (scheme, host and port only; no *)'),
  })
  .superRefine(metricsPortApart);

/** The gateway started alone (`main.ts`): its settings and the production adapters, all required. */
export const gatewayConfigSchema = gatewaySettingsSchema.extend({
  ...kafkaEnv.shape,
  /** Rate-limit counters shared by every replica: in Redis. */
  ...redisEnv.shape,
});

export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
