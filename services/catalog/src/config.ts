import { databaseServiceEnv, env } from '@boardsync/kit';
import { z } from 'zod';

/** Environment of the catalog service: the common database-service settings, plus: */
export const catalogConfigSchema = z.object({
  ...databaseServiceEnv(8082).shape,
  /**
   * Public base URL of the designer's stored artwork (the asset service's files). Artwork already
   * under it is never copied again by `internalize_images`; unset, every URL counts as external.
   */
  ASSET_PUBLIC_URL: env.optionalUrl(),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
