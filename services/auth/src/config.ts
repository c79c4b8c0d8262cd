import { env, kafkaEnv, postgresEnv, redisEnv, serviceEnv } from '@boardsync/kit/core';
import { z } from 'zod';

const limitOrNone = z
  .string()
  .default('none')
  .transform((value, ctx) => {
    if (value === '' || value === 'none') return null;
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 0) ctx.addIssue({ code: 'custom', message: 'expected a whole number or "none"' });
    return limit;
  });

/** Auth's own settings, whatever its adapters; defaults suit one machine, production sets every secret. */
export const authSettingsSchema = serviceEnv(8081).extend({
  INTROSPECTION_CLIENT_ID: env.string('gateway'),
  INTROSPECTION_CLIENT_SECRET: env.secret(32),
  /** Signs the pages' CSRF tokens. */
  SESSION_SECRET: env.secret(32),
  /** The internal listeners `/me` asks for project counts and storage use; unset = that service is not deployed (owns nothing). */
  CATALOG_INTERNAL_URL: env.optionalUrl(),
  ASSET_INTERNAL_URL: env.optionalUrl(),
  /** The webhook service's internal listener: the settings page lists and deletes every webhook on the account there. */
  WEBHOOK_INTERNAL_URL: env.optionalUrl(),
  DEFAULT_STORAGE_LIMIT_BYTES: env.int(1024 ** 3),
  DEFAULT_UNLOCKED_PROJECT_LIMIT: limitOrNone,
  /** Apps one designer may register (each may register webhooks: WEBHOOK_MAX_PER_APP each, WEBHOOK_MAX_PER_DESIGNER in all). */
  MAX_APPS_PER_DESIGNER: env.int(25, 1),
  /** Namespaces auth's Redis keys (throttle counters), so deployments sharing one Redis never mix; empty: none, as for the gateway (the charts give both one value). */
  REDIS_KEY_PREFIX: env.prefix('boardsync'),
  /** The gateway's public origin: the OAuth issuer and the endpoints its RFC 8414 metadata names. */
  PUBLIC_BASE_URL: env.url().default('http://localhost:8080'),
});

/** Auth started alone (`main.ts`): its settings and the production adapters, all required. */
export const authConfigSchema = authSettingsSchema.extend({
  ...postgresEnv.shape,
  ...kafkaEnv.shape,
  /** Sign-in and token throttles, shared by every auth replica: in Redis. */
  ...redisEnv.shape,
});

export type AuthSettings = z.infer<typeof authSettingsSchema>;
export type AuthConfig = z.infer<typeof authConfigSchema>;
