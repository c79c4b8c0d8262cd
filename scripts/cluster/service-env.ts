/**
 * What each service needs to run as deployed, as its own process on the real servers: the
 * adapters, the shared secrets, its peers' addresses and its two listeners. One place for
 * `npm run start:cluster` and for the tests that start services alone (tests/support/standalone-env.ts).
 */
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

export interface Servers {
  kafkaBrokers: string;
  redisUrl: string;
  s3Endpoint: string;
  s3AccessKey: string;
  s3SecretKey: string;
}

export interface SharedSecrets {
  adminToken: string;
  introspectionSecret: string;
  principalSecret: string;
  sessionSecret: string;
  webhookSecretKeys: string;
}

export interface Deployment {
  /** Kafka topic and consumer-group prefix, and Redis key prefix. */
  namespace: string;
  /** The asset service's bucket (it creates it at start). */
  bucket: string;
  servers: Servers;
  secrets: SharedSecrets;
  /** DATABASE_URL of each service that has a database. */
  databaseUrls: Partial<Record<Service, string>>;
  /** Where each service is reached by its peers: its one replica's listeners, or the balancer in front of several. */
  reachedAt: Record<Service, Listeners>;
  /** The gateway's origin as callers know it: pagination links start with it. */
  publicBaseUrl: string;
  /** What stored artwork URLs start with (the bucket's anonymous-read origin). */
  assetPublicUrl: string;
  /** Where every service sends its traces (OTLP/HTTP), when they are asked for: unset, no OTEL_* is given. */
  otlpEndpoint?: string;
}

/** The environment of one replica of `service` listening on `listeners`, without PATH or LOG_LEVEL (the caller's to choose). */
export function serviceEnv(service: Service, deployment: Deployment, listeners: Listeners): Record<string, string> {
  const { servers, secrets, reachedAt } = deployment;
  const url = (peer: Service, listener: keyof Listeners): string => `http://127.0.0.1:${String(reachedAt[peer][listener])}`;
  const databaseUrl = deployment.databaseUrls[service];
  if (DATABASE_SERVICES.includes(service) && databaseUrl === undefined) throw new Error(`the ${service} service needs a database`);
  const common = {
    KAFKA_BROKERS: servers.kafkaBrokers,
    KAFKA_NAMESPACE: deployment.namespace,
    INTERNAL_JWT_SECRET: secrets.principalSecret,
    ADMIN_TOKEN: secrets.adminToken,
    PORT: String(listeners.port),
    INTERNAL_PORT: String(listeners.internalPort),
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    // The standard OpenTelemetry variables: an endpoint turns a service's tracing on.
    ...(deployment.otlpEndpoint === undefined ? {} : { OTEL_EXPORTER_OTLP_ENDPOINT: deployment.otlpEndpoint, OTEL_SERVICE_NAME: service }),
  };
  const redis = { REDIS_URL: servers.redisUrl, REDIS_KEY_PREFIX: deployment.namespace };
  switch (service) {
    case 'catalog':
      return { ...common, PUBLIC_BASE_URL: deployment.publicBaseUrl };
    case 'asset':
      return {
        ...common,
        PUBLIC_BASE_URL: deployment.publicBaseUrl,
        ASSET_PUBLIC_URL: deployment.assetPublicUrl,
        CATALOG_INTERNAL_URL: url('catalog', 'internalPort'),
        S3_ENDPOINT: servers.s3Endpoint,
        S3_ACCESS_KEY: servers.s3AccessKey,
        S3_SECRET_KEY: servers.s3SecretKey,
        S3_BUCKET: deployment.bucket,
      };
    case 'webhook':
      return { ...common, WEBHOOK_SECRET_KEYS: secrets.webhookSecretKeys, AUTH_INTERNAL_URL: url('auth', 'internalPort') };
    case 'auth':
      return {
        ...common,
        ...redis,
        PUBLIC_BASE_URL: deployment.publicBaseUrl,
        INTROSPECTION_CLIENT_SECRET: secrets.introspectionSecret,
        SESSION_SECRET: secrets.sessionSecret,
        CATALOG_INTERNAL_URL: url('catalog', 'internalPort'),
        ASSET_INTERNAL_URL: url('asset', 'internalPort'),
        WEBHOOK_INTERNAL_URL: url('webhook', 'internalPort'),
      };
    case 'gateway':
      return {
        ...common,
        ...redis,
        INTROSPECTION_CLIENT_SECRET: secrets.introspectionSecret,
        AUTH_URL: url('auth', 'port'),
        AUTH_INTERNAL_URL: url('auth', 'internalPort'),
        CATALOG_URL: url('catalog', 'port'),
        ASSET_URL: url('asset', 'port'),
        WEBHOOK_URL: url('webhook', 'port'),
      };
  }
}
