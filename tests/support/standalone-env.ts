import { freePort, infra } from '@boardsync/kit/testing';
import { SERVICES, serviceEnv, type Listeners, type Service } from '../../scripts/cluster/service-env.ts';

/**
 * What each service needs to start alone (its main.ts, or its image's entry command) on the real
 * servers `scripts/infra up` starts, for the tests and benchmarks: `npm run start:cluster`'s own
 * builder (scripts/cluster/service-env.ts) with test secrets and the world's listeners.
 */
export { DATABASE_SERVICES, SERVICES, type Listeners, type Service } from '../../scripts/cluster/service-env.ts';

/** The webhook service's WEBHOOK_SECRET_KEYS wherever a test or bench starts it as deployed. */
export const STANDALONE_WEBHOOK_SECRET_KEYS = `standalone=${Buffer.alloc(32, 5).toString('base64')}`;

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
  return serviceEnv(
    service,
    {
      namespace: world.namespace,
      bucket: world.bucket,
      servers: {
        kafkaBrokers: infra.kafkaBrokers.join(','),
        redisUrl: infra.redisUrl,
        s3Endpoint: infra.s3Endpoint,
        s3AccessKey: infra.s3AccessKey,
        s3SecretKey: infra.s3SecretKey,
      },
      secrets: {
        adminToken: testSecret('admin'),
        introspectionSecret: testSecret('introspect'),
        principalSecret: testSecret('principal'),
        sessionSecret: testSecret('session'),
        webhookSecretKeys: STANDALONE_WEBHOOK_SECRET_KEYS,
      },
      databaseUrls: world.databaseUrls,
      reachedAt: world.listeners,
      publicBaseUrl: `http://localhost:${String(world.listeners.gateway.port)}`,
      assetPublicUrl: `${infra.s3Endpoint}/${world.bucket}`,
    },
    world.listeners[service],
  );
}
