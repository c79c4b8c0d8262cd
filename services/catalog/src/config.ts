import { env, idempotencyEnv, kafkaEnv, postgresEnv, serviceEnv } from '@boardsync/kit/core';
import { z } from 'zod';

const DAY_MS = 86_400_000;
const UNIT_MS = { d: DAY_MS, h: 3_600_000, m: 60_000 } as const;

/** A duration as `30d`, `12h` or `90m`, in milliseconds; at least a minute. */
const retention = () =>
  z
    .string()
    .regex(/^\d{1,6}[dhm]$/, 'must be a whole number of days, hours or minutes: 30d, 12h, 90m')
    .transform((text) => Number(text.slice(0, -1)) * UNIT_MS[text.at(-1) as keyof typeof UNIT_MS])
    .refine((ms) => ms >= 60_000, 'must be at least 1m');

/** The catalog's own settings, whatever its adapters: the common service settings, plus: */
export const catalogSettingsSchema = serviceEnv(8082).extend({
  /**
   * Public base URL of the designer's stored artwork (the asset service's files). Artwork already
   * under it is never copied again by `internalize_images`; unset, every URL counts as external.
   */
  ASSET_PUBLIC_URL: env.optionalUrl(),
  /**
   * The gateway's public origin, which pagination links start with (never the caller's Host or
   * X-Forwarded-* headers). The default is the embedded mode's gateway.
   */
  PUBLIC_BASE_URL: env.url().default('http://localhost:8080'),
  /** How long the changes feed keeps a change: `30d`, `12h`, `90m`; a cursor older than that is answered 410. */
  CHANGES_RETENTION: retention().default(30 * DAY_MS),
  /** Requests one designer may hold waiting for changes at once on one replica (long-polls); more are answered 429. */
  CHANGES_MAX_WAITING_PER_DESIGNER: env.int(10, 1),
  /** A quiet changes stream sends a comment this often (at most 15 s: proxies cut a connection silent for long). */
  CHANGES_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(15_000).default(15_000),
  /**
   * A changes stream ends after this long and the client resumes (Last-Event-ID) through the
   * gateway, which checks its token again: a revoked or expired token's stream ends within this.
   * At most 60, the life of the principal the gateway issued for it.
   */
  CHANGES_STREAM_MAX_SECONDS: z.coerce.number().int().min(5).max(60).default(60),
  ...idempotencyEnv.shape,
});

/** The catalog started alone (`main.ts`): its settings and the production adapters, all required. */
export const catalogConfigSchema = catalogSettingsSchema.extend({ ...postgresEnv.shape, ...kafkaEnv.shape });

export type CatalogSettings = z.infer<typeof catalogSettingsSchema>;
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
