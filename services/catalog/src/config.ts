import { databaseServiceEnv } from '@boardsync/kit';
import type { z } from 'zod';

/** Environment of the catalog service: the common database-service settings, nothing of its own yet. */
export const catalogConfigSchema = databaseServiceEnv(8082);

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
