import { env, idempotencyEnv, kafkaEnv, postgresEnv, serviceEnv } from '@boardsync/kit/core';
import { z } from 'zod';
import { durationList } from './domain/durations.ts';
import { secretKeyring } from './domain/secret-keyring.ts';

/** The webhook service's own settings, whatever its adapters: the common service settings, plus: */
export const webhookSettingsSchema = serviceEnv(8084).extend({
  /** The gateway's public origin, which pagination links start with. */
  PUBLIC_BASE_URL: env.url().default('http://localhost:8080'),
  /** Auth's internal listener: whether the consent each webhook was registered under still stands, asked before sending. */
  AUTH_INTERNAL_URL: env.requiredUrl("auth's internal listener, asked whether a webhook's consent still stands"),
  /** Waits between attempts (docs/rules.md "Delivery": 4 attempts, 10 s, 1 min, 5 min); units ms, s, m, h. */
  WEBHOOK_RETRY_DELAYS: durationList('10s,1m,5m'),
  /** A receiver answering later than this has failed the attempt (docs/rules.md "Limits": 10 s). */
  WEBHOOK_TIMEOUT_MS: env.int(10_000, 100),
  /** docs/rules.md "Limits": 10 webhooks per app per designer. */
  WEBHOOK_MAX_PER_APP: env.int(10, 1),
  /** Webhooks one designer may have across all its apps (apps are registered by designers themselves). */
  WEBHOOK_MAX_PER_DESIGNER: env.int(100, 1),
  /** docs/rules.md "States and transitions": 15 failed attempts in a row deactivate a webhook. */
  WEBHOOK_DEACTIVATE_AFTER: env.int(15, 1),
  /** Deliveries in flight at once in this replica, and to one receiver (so one slow endpoint cannot starve the rest). */
  DELIVERY_CONCURRENCY: env.int(16, 1),
  DELIVERY_PER_ENDPOINT: env.int(4, 1),
  /**
   * Sends in flight at once in this replica for one designer, whatever its webhooks: a designer whose
   * receivers are slow holds at most this many of the DELIVERY_CONCURRENCY send slots, and claims and
   * free slots go round the designers. Keep it below DELIVERY_CONCURRENCY (half by default).
   */
  DELIVERY_PER_DESIGNER: env.int(8, 1),
  /** Delivery rows (and their attempts) older than this are pruned. */
  DELIVERY_RETENTION_DAYS: env.int(30, 1),
  /**
   * Keys that seal webhook signing secrets at rest (`id=base64 of 32 bytes`, comma-separated): the
   * first seals, every one listed opens. To rotate, put a new key first and keep the old one until
   * the service has resealed every secret on start (docs/operations.md).
   */
  WEBHOOK_SECRET_KEYS: secretKeyring(),
  /**
   * `webhook`: seal each secret bound to its webhook (`v2`) and open nothing else: a `v1` or bare
   * value, which would open on any row it is copied onto, is refused, and the resealing pass leaves
   * it (the operator binds it once, docs/operations.md §6). `none`: seal `v1` and open all three, for
   * a rollback to a release before 2026-11-28 (which reads only `v1`): every row is resealed to `v1`.
   */
  WEBHOOK_SECRET_BINDING: z.enum(['webhook', 'none']).default('webhook'),
  /** Address ranges deliveries may reach although not public (local development and tests only). */
  SSRF_ALLOW_CIDRS: env.list(),
  /** When set, the only hosts webhook receivers may be on (`cdn.example.com`, `*.example.com`): anything else is refused before it is resolved. */
  OUTBOUND_ALLOW_HOSTS: env.list(),
  ...idempotencyEnv.shape,
});

/** The webhook service started alone (`main.ts`): its settings and the production adapters, all required. */
export const webhookConfigSchema = webhookSettingsSchema.extend({ ...postgresEnv.shape, ...kafkaEnv.shape });

export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;
