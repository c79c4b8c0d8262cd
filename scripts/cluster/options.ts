import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { env, loadConfigOrExit } from '@boardsync/kit';
import { SERVICES, type Service } from './service-env.ts';

export interface ClusterOptions {
  port: number;
  host: string;
  dataDir: string;
  /** Names the databases (`<name>_<service>`), the Kafka and Redis prefix and the bucket, so two clusters never share state. */
  name: string;
  replicas: Record<Service, number>;
  logLevel: string;
  /** Jaeger started too (scripts/infra start jaeger), and every service sending it traces. */
  tracing: boolean;
}

const USAGE = `usage: npm run start:cluster [-- [--replicas catalog=2,webhook=2] [--tracing]]

Every service as its own process from its production entry point, on the real Postgres, Redis,
Kafka and MinIO (scripts/infra installs and starts them when missing).

  --replicas SERVICE=N,…   replicas per service (gateway, auth, catalog, asset, webhook), 1 each by default
                           (also CLUSTER_REPLICAS); several replicas share a round-robin address
  --tracing                Jaeger too (scripts/infra start jaeger), every service sending it traces by
                           OTLP (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME); read them on 127.0.0.1:16686
environment: PORT (8080), HOST (127.0.0.1), CLUSTER_DATA_DIR (.data-cluster), CLUSTER_NAME (boardsync_cluster), LOG_LEVEL`;

const MAX_REPLICAS = 8;

/** `catalog=2,webhook=2` as replicas per service; every service not named runs one. */
export function parseReplicas(text: string): Record<Service, number> {
  const replicas = Object.fromEntries(SERVICES.map((service) => [service, 1])) as Record<Service, number>;
  for (const part of text.split(',').filter((entry) => entry.trim() !== '')) {
    const match = /^\s*([a-z]+)\s*=\s*(\d+)\s*$/.exec(part);
    const service = match?.[1] as Service | undefined;
    const count = Number(match?.[2]);
    if (!service || !SERVICES.includes(service)) throw new Error(`--replicas: "${part}" is not SERVICE=N with SERVICE one of ${SERVICES.join(', ')}`);
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS)
      throw new Error(`--replicas: ${service} needs 1 to ${String(MAX_REPLICAS)} replicas, not "${String(match?.[2])}"`);
    replicas[service] = count;
  }
  return replicas;
}

export function clusterOptions(argv: readonly string[]): ClusterOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { replicas: { type: 'string' }, tracing: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const config = loadConfigOrExit(
    z.object({
      PORT: env.port(8080),
      HOST: env.string('127.0.0.1'),
      CLUSTER_DATA_DIR: env.string(fileURLToPath(new URL('../../.data-cluster', import.meta.url))),
      CLUSTER_NAME: z
        .string()
        .regex(/^[a-z][a-z0-9_]{0,39}$/, 'lower-case letters, digits and _, starting with a letter')
        .default('boardsync_cluster'),
      CLUSTER_REPLICAS: z.string().default(''),
      LOG_LEVEL: env.logLevel(),
    }),
  );
  let replicas: Record<Service, number>;
  try {
    replicas = parseReplicas(values.replicas ?? config.CLUSTER_REPLICAS);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(64);
  }
  return {
    port: config.PORT,
    host: config.HOST,
    dataDir: config.CLUSTER_DATA_DIR,
    name: config.CLUSTER_NAME,
    replicas,
    logLevel: config.LOG_LEVEL,
    tracing: values.tracing ?? false,
  };
}
