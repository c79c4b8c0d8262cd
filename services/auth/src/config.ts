import { databaseServiceEnv, env } from '@boardsync/kit';
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

/** Environment of the auth service; defaults suit one machine, production sets every secret. */
export const authConfigSchema = z.object({
  ...databaseServiceEnv(8081).shape,
  INTROSPECTION_CLIENT_ID: env.string('gateway'),
  INTROSPECTION_CLIENT_SECRET: env.secret(32),
  /** Signs the pages' CSRF tokens. */
  SESSION_SECRET: env.secret(32),
  /** Where `/me` asks for project counts and storage use; unset = that service owns nothing yet. */
  CATALOG_URL: env.optionalUrl(),
  ASSET_URL: env.optionalUrl(),
  DEFAULT_STORAGE_LIMIT_BYTES: env.int(1024 ** 3),
  DEFAULT_UNLOCKED_PROJECT_LIMIT: limitOrNone,
});

export type AuthConfig = z.infer<typeof authConfigSchema>;
