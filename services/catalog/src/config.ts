import { env, kafkaEnv, postgresEnv, serviceEnv } from '@boardsync/kit';
import { z } from 'zod';

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
});

/** The catalog started alone (`main.ts`): its settings and the production adapters, all required. */
export const catalogConfigSchema = catalogSettingsSchema.extend({ ...postgresEnv.shape, ...kafkaEnv.shape });

export type CatalogSettings = z.infer<typeof catalogSettingsSchema>;
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
