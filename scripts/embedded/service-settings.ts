import type { z } from 'zod';
import { parseConfig } from '@boardsync/kit';

/**
 * Stand-ins for what is known only once the services listen, so every setting is checked before
 * anything starts; their names are what npm start decides (with METRICS_PORT, which it leaves unset).
 */
export const PLACEHOLDERS = {
  PORT: '0',
  INTERNAL_PORT: '0',
  HOST: '127.0.0.1',
  INTERNAL_HOST: '127.0.0.1',
  ADMIN_TOKEN: 'a'.repeat(40),
  INTERNAL_JWT_SECRET: 'b'.repeat(40),
  INTROSPECTION_CLIENT_SECRET: 'c'.repeat(40),
  SESSION_SECRET: 'd'.repeat(40),
  WEBHOOK_SECRET_KEYS: `placeholder=${Buffer.alloc(32).toString('base64')}`,
  PUBLIC_BASE_URL: 'http://127.0.0.1:1',
  ASSET_PUBLIC_URL: 'http://127.0.0.1:1/assets',
  AUTH_URL: 'http://127.0.0.1:1',
  AUTH_INTERNAL_URL: 'http://127.0.0.1:1',
  CATALOG_URL: 'http://127.0.0.1:1',
  ASSET_URL: 'http://127.0.0.1:1',
  WEBHOOK_URL: 'http://127.0.0.1:1',
  CATALOG_INTERNAL_URL: 'http://127.0.0.1:1',
  ASSET_INTERNAL_URL: 'http://127.0.0.1:1',
  WEBHOOK_INTERNAL_URL: 'http://127.0.0.1:1',
  ASSET_FILES_DIR: '/nonexistent',
  SCRATCH_DIR: '/nonexistent',
} satisfies Record<string, string>;

/**
 * What `npm start` decides for each service itself: where it listens, the shared secrets it
 * generates under DATA_DIR, where its peers and files are. Every other variable a service's README
 * documents comes from the environment, as it would for `node src/main.ts` (the adapters' own —
 * DATABASE_*, KAFKA_*, S3_*, REDIS_URL, MIGRATE_ON_START — have no meaning here: there is no server).
 */
export const DECIDED_BY_EMBEDDED = [
  ...(Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[]),
  // One port for five services' scrapers cannot be: the embedded mode has none.
  'METRICS_PORT',
] as const;

export type Decided = Partial<Record<(typeof DECIDED_BY_EMBEDDED)[number], string>>;

const decidedNames: ReadonlySet<string> = new Set(DECIDED_BY_EMBEDDED);

/** A service's settings in the embedded mode: the environment's values for what it documents, and the embedded mode's for the rest. */
export function embeddedSettings<S extends z.ZodObject>(schema: S, environment: NodeJS.ProcessEnv, decided: Decided): z.infer<S> {
  const fromEnvironment = Object.fromEntries(Object.entries(environment).filter(([name]) => !decidedNames.has(name)));
  return parseConfig(schema, { ...fromEnvironment, ...decided });
}
