/**
 * `npm run start:cluster`: boardsync as it runs in production, on this machine. The real
 * Postgres, Redis, Kafka and MinIO (scripts/infra installs and starts them when missing); each
 * service's migrations and topics through the same `migrate` and `create-topics` commands the Helm
 * hook Jobs run; then every service as its own process from its production entry point, as many
 * replicas as asked, several behind a round-robin address as a Kubernetes Service puts them, each
 * started again when it exits as a kubelet would. Ctrl-C drains and stops every process. With
 * `--tracing`, Jaeger too, and every service sends it its traces by OTLP.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureDemoAccount } from '../embedded/demo-account.ts';
import { loadOrCreateSecrets } from '../embedded/secrets.ts';
import { clusterOptions } from './options.ts';
import { runToEnd, startReplica, stopAll, tail, type Replica } from './replicas.ts';
import { ensureDatabases, ensurePublicBucket, infraJaeger, infraServers, infraUp } from './servers.ts';
import { DATABASE_SERVICES, SERVICES, serviceEnv, type Deployment, type Service } from './service-env.ts';
import { layOut } from './topology.ts';

/** The services others call start first; the gateway, through which everyone is reached, last. */
const START_ORDER: readonly Service[] = ['catalog', 'asset', 'webhook', 'auth', 'gateway'];

const options = clusterOptions(process.argv.slice(2));
const say = (line: string): void => void process.stdout.write(`[cluster] ${line}\n`);
const logDir = join(options.dataDir, 'logs');
mkdirSync(logDir, { recursive: true });

infraUp({ jaeger: options.tracing });
const { databaseUrl, ...servers } = infraServers();
const jaeger = options.tracing ? infraJaeger() : undefined;
const { secrets } = loadOrCreateSecrets(options.dataDir);
const bucket = options.name.replace(/_/g, '-');
const topology = await layOut(options.replicas, options.port, options.host);
const publicBaseUrl = `http://localhost:${String(options.port)}`;
const deployment: Deployment = {
  namespace: options.name,
  bucket,
  servers,
  secrets,
  databaseUrls: await ensureDatabases(databaseUrl, options.name),
  reachedAt: topology.reachedAt,
  publicBaseUrl,
  assetPublicUrl: `${servers.s3Endpoint}/${bucket}`,
  otlpEndpoint: jaeger?.otlpUrl,
};
await ensurePublicBucket(servers, bucket);

/**
 * What start:cluster leaves to the caller: every other variable a service documents (rate limits,
 * image limits, WEBHOOK_RETRY_DELAYS …) comes from its own environment, as for `node src/main.ts`.
 * One METRICS_PORT cannot serve several processes, so it is not passed on.
 */
const { METRICS_PORT: _oneScrapePort, CLUSTER_DATA_DIR: _dataDir, CLUSTER_NAME: _name, CLUSTER_REPLICAS: _replicas, ...inherited } = process.env;

const envOf = (service: Service, index: number): Record<string, string> => ({
  ...(Object.fromEntries(Object.entries(inherited).filter((entry): entry is [string, string] => entry[1] !== undefined)) as Record<string, string>),
  ...serviceEnv(service, deployment, topology.replicas[service][index] ?? topology.reachedAt[service]),
  LOG_LEVEL: options.logLevel,
  // Which replica sent a span, beside any resource attributes given.
  ...(jaeger === undefined
    ? {}
    : { OTEL_RESOURCE_ATTRIBUTES: [inherited.OTEL_RESOURCE_ATTRIBUTES, `service.instance.id=${service}-${String(index + 1)}`].filter(Boolean).join(',') }),
  // The images' runtime settings (docker/Dockerfile), unless given: a bounded young generation, two malloc arenas.
  NODE_OPTIONS: inherited.NODE_OPTIONS ?? '--max-semi-space-size=2',
  MALLOC_ARENA_MAX: inherited.MALLOC_ARENA_MAX ?? '2',
  INTERNAL_HOST: '127.0.0.1',
  // Only the gateway faces the world; with one replica it listens where a person connects, behind a balancer on loopback.
  HOST: service === 'gateway' && options.replicas.gateway === 1 ? options.host : '127.0.0.1',
});

// The Helm hook Jobs' work, by the same commands: schemas, then topics.
for (const service of DATABASE_SERVICES) {
  say(`${service}: migrate`);
  await runToEnd(service, `${service}-migrate`, ['migrate'], envOf(service, 0), logDir);
}
for (const service of SERVICES) {
  say(`${service}: create-topics`);
  await runToEnd(service, `${service}-create-topics`, ['create-topics'], envOf(service, 0), logDir);
}

/** Every replica by name; a restarted one replaces its predecessor. */
const running = new Map<string, Replica>();
const replicaTable = join(options.dataDir, 'replicas.json');
/**
 * `<data dir>/replicas.json`: each replica's pid and listeners, rewritten whenever one (re)starts,
 * for an operator's `kill`, `ps` or `curl …/metrics` (and the fault runner's).
 */
function writeReplicaTable(): void {
  const rows = [...running.values()].map((replica) => {
    const [service, index] = replica.name.split('-');
    const listeners = topology.replicas[service as Service][Number(index) - 1];
    return { name: replica.name, service, pid: replica.child.pid, port: listeners?.port, internal_port: listeners?.internalPort, log: replica.logFile };
  });
  // Written aside and renamed over: a reader never sees a half-written table.
  writeFileSync(`${replicaTable}.next`, `${JSON.stringify(rows, null, 2)}\n`);
  renameSync(`${replicaTable}.next`, replicaTable);
}
let up = false;
let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  const replicas = [...running.values()];
  // The gateway first, so no request reaches a service that is going; then the rest.
  await stopAll(replicas.filter((replica) => replica.name.startsWith('gateway')));
  await stopAll(replicas);
  await Promise.all(topology.balancers.map((balancer) => balancer.close()));
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

/**
 * One replica, kept running as a kubelet keeps a pod: once the cluster is up, a replica that exits
 * (killed, crashed) is started again after a back-off that doubles up to 30 s. One that exits while
 * the cluster starts is a mistake to read, not to retry: everything stops with its last lines.
 */
function supervise(service: Service, index: number, backoffMs = 1_000): Replica {
  const name = `${service}-${String(index + 1)}`;
  const replica = startReplica(service, name, [], envOf(service, index), logDir);
  const startedAt = Date.now();
  running.set(name, replica);
  writeReplicaTable();
  void replica.exited.then((code) => {
    if (stopping) return;
    if (!up) {
      process.stderr.write(`[cluster] ${name} exited ${String(code)} while starting; its last lines:\n${tail(replica.logFile)}\n`);
      void stop(1);
      return;
    }
    // A replica that ran a while before it went starts again at once; a crash loop waits longer each time.
    const wait = Date.now() - startedAt > 60_000 ? 1_000 : backoffMs;
    say(`${name} exited ${String(code)}; starting it again in ${String(wait / 1000)} s (log: ${replica.logFile})`);
    setTimeout(() => {
      if (!stopping) supervise(service, index, Math.min(wait * 2, 30_000));
    }, wait).unref();
  });
  return replica;
}

for (const service of START_ORDER) {
  const replicas = topology.replicas[service].map((_, index) => supervise(service, index));
  await Promise.all(topology.replicas[service].map((listeners, index) => ready(`http://127.0.0.1:${String(listeners.port)}/readyz`, replicas[index])));
  say(`${service}: ${String(replicas.length)} replica${replicas.length === 1 ? '' : 's'} ready`);
}
up = true;

async function ready(url: string, replica: Replica | undefined): Promise<void> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    if (stopping) return;
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stderr.write(`[cluster] ${replica?.name ?? url} was not ready within 90 s; its last lines:\n${tail(replica?.logFile ?? '')}\n`);
  await stop(1);
}

const authInternal = `http://127.0.0.1:${String(topology.reachedAt.auth.internalPort)}`;
// Where boardsync-admin finds both admin APIs, as npm start writes them (services/auth/src/cli/admin-client.ts).
writeFileSync(join(options.dataDir, 'admin-url'), `${authInternal}\n`);
writeFileSync(join(options.dataDir, 'catalog-admin-url'), `http://127.0.0.1:${String(topology.reachedAt.catalog.internalPort)}\n`);
writeFileSync(join(options.dataDir, 'webhook-admin-url'), `http://127.0.0.1:${String(topology.reachedAt.webhook.internalPort)}\n`);
// The demo designer lives in the databases and its sign-in in the data folder: one kept without the
// other cannot be told apart from a fault, so it is said plainly, and nothing is left running.
const { demo, file, created } = await ensureDemoAccount(options.dataDir, authInternal, secrets.adminToken).catch(async (error: unknown) => {
  process.stderr.write(
    `[cluster] ${(error as Error).message}\n[cluster] the databases ${options.name}_* and ${options.dataDir} go together: ` +
      'keep both, or start over with both gone (or another CLUSTER_NAME)\n',
  );
  return stop(1);
});
const shown = (path: string): string => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.');
const counts = SERVICES.map((service) => `${service} ×${String(options.replicas[service])}`).join(', ');

process.stdout.write(
  [
    '',
    `boardsync (cluster: ${counts}) is listening on ${publicBaseUrl}`,
    `  API:       ${publicBaseUrl}/api/v1        OAuth and sign-in: ${publicBaseUrl}/oauth/authorize, ${publicBaseUrl}/login, ${publicBaseUrl}/settings`,
    `  servers:   Postgres (databases ${options.name}_*), Kafka and Redis (prefix ${options.name}), MinIO (bucket ${bucket}, artwork at ${deployment.assetPublicUrl}/…)`,
    `  internal:  auth's admin API at ${authInternal}/admin; every replica's /readyz and /metrics on its internal port, never through the gateway`,
    ...(created
      ? [`  demo designer: ${demo.email} / ${demo.password}   (sign in at ${publicBaseUrl}/login)`, `  demo token (every scope): ${demo.token}`]
      : [`  demo designer ${demo.email}, its password and its every-scope token: see ${shown(file)}`]),
    `  try:      curl -H "Authorization: Bearer ${demo.token}" ${publicBaseUrl}/api/v1/me`,
    `  logs:      ${shown(logDir)}/<service>-<n>.log   replicas (pid, ports): ${shown(replicaTable)}`,
    ...(jaeger === undefined
      ? []
      : [
          `  traces:    ${jaeger.queryUrl} (Jaeger, in memory; this build has no web UI, read them as JSON):`,
          `             curl '${jaeger.queryUrl}/api/services'   curl '${jaeger.queryUrl}/api/traces?service=gateway&limit=20'`,
        ]),
    `  state:     ${shown(options.dataDir)} and the servers above (npm run infra down stops them)`,
    '  stop with Ctrl-C',
    '',
  ].join('\n'),
);
