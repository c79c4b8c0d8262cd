import { freePort, infra } from '@boardsync/kit/testing';

/**
 * What each service needs to start alone (its main.ts, or its image's entry command) on the real
 * servers `scripts/infra up` starts: its adapters, the shared secrets, its peers' addresses and
 * its two listeners. One place, for the standalone-services test and the images test.
 */
/** The webhook service's WEBHOOK_SECRET_KEYS wherever a test or bench starts it as deployed. */
export const STANDALONE_WEBHOOK_SECRET_KEYS = `standalone=${Buffer.alloc(32, 5).toString('base64')}`;

export const SERVICES = ['gateway', 'auth', 'catalog', 'asset', 'webhook'] as const;
export type Service = (typeof SERVICES)[number];

/** The services with a database of their own (the gateway has none). */
export const DATABASE_SERVICES: readonly Service[] = ['auth', 'catalog', 'asset', 'webhook'];

export interface Listeners {
  /** Public: what the gateway proxies to (or, for the gateway, the world). */
  port: number;
  /** Internal: admin API, introspection, `/internal/*`, `/metrics`, readiness detail. */
  internalPort: number;
}

export interface StandaloneWorld {
  /** Kafka topic and consumer-group prefix, and Redis key prefix. */
  namespace: string;
  /** The asset service's bucket (it creates it at start). */
  bucket: string;
  /** DATABASE_URL of each service that has a database. */
  databaseUrls: Partial<Record<Service, string>>;
  listeners: Record<Service, Listeners>;
}

/** A secret of the length the services require (32+), recognisable by its name. */
export const testSecret = (name: string): string => `${name}-`.padEnd(40, 'z');

/** Two free loopback ports for each service. */
export async function freeListeners(): Promise<Record<Service, Listeners>> {
  const listeners = {} as Record<Service, Listeners>;
  for (const service of SERVICES) listeners[service] = { port: await freePort(), internalPort: await freePort() };
  return listeners;
}

/** The environment `service` needs in `world`, without PATH or LOG_LEVEL (the caller's to choose). */
export function standaloneEnv(service: Service, world: StandaloneWorld): Record<string, string> {
  const { listeners } = world;
  const url = (peer: Service, listener: keyof Listeners): string => `http://127.0.0.1:${String(listeners[peer][listener])}`;
  const databaseUrl = world.databaseUrls[service];
  if (DATABASE_SERVICES.includes(service) && databaseUrl === undefined) throw new Error(`the ${service} service needs a database in the world`);
  const common = {
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: world.namespace,
    INTERNAL_JWT_SECRET: testSecret('principal'),
    ADMIN_TOKEN: testSecret('admin'),
    PORT: String(listeners[service].port),
    INTERNAL_PORT: String(listeners[service].internalPort),
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  };
  const publicBaseUrl = `http://localhost:${String(listeners.gateway.port)}`;
  switch (service) {
    case 'catalog':
      return { ...common, PUBLIC_BASE_URL: publicBaseUrl };
    case 'asset':
      return {
        ...common,
        PUBLIC_BASE_URL: publicBaseUrl,
        ASSET_PUBLIC_URL: `${infra.s3Endpoint}/${world.bucket}`,
        CATALOG_INTERNAL_URL: url('catalog', 'internalPort'),
        S3_ENDPOINT: infra.s3Endpoint,
        S3_ACCESS_KEY: infra.s3AccessKey,
        S3_SECRET_KEY: infra.s3SecretKey,
        S3_BUCKET: world.bucket,
      };
    case 'webhook':
      return { ...common, WEBHOOK_SECRET_KEYS: STANDALONE_WEBHOOK_SECRET_KEYS };
    case 'auth':
      return {
        ...common,
        PUBLIC_BASE_URL: publicBaseUrl,
        REDIS_URL: infra.redisUrl,
        REDIS_KEY_PREFIX: world.namespace,
        INTROSPECTION_CLIENT_SECRET: testSecret('introspect'),
        SESSION_SECRET: testSecret('session'),
        CATALOG_INTERNAL_URL: url('catalog', 'internalPort'),
        ASSET_INTERNAL_URL: url('asset', 'internalPort'),
      };
    case 'gateway':
      return {
        ...common,
        REDIS_URL: infra.redisUrl,
        REDIS_KEY_PREFIX: world.namespace,
        INTROSPECTION_CLIENT_SECRET: testSecret('introspect'),
        AUTH_URL: url('auth', 'port'),
        AUTH_INTERNAL_URL: url('auth', 'internalPort'),
        CATALOG_URL: url('catalog', 'port'),
        ASSET_URL: url('asset', 'port'),
        WEBHOOK_URL: url('webhook', 'port'),
      };
  }
}
