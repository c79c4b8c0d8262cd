/**
 * The boardsync release on the rehearsal node, as a platform team with managed datastores installs
 * it: a fresh database per service, Kafka topics and a bucket on the host's servers (scripts/infra),
 * the Secrets the charts reference, the namespace under the `restricted` Pod Security Standard, and
 * `helm upgrade --install` of the umbrella chart (its hook Jobs migrate and create topics first).
 * Then the edge a platform adds in front of the gateway (a NodePort on the node's loopback), the
 * demo designer, and what to try.
 *
 *   node scripts/k8s/release.ts install --tag TAG     fresh datastores, then install
 *   node scripts/k8s/release.ts upgrade --tag TAG [--set k=v …]   helm upgrade, values kept
 *   node scripts/k8s/release.ts rollback [REVISION]
 *
 * Called by `npm run k8s -- up` and by tests/k8s, with HELM set (scripts/deploy-tools.sh path helm);
 * kubectl is the node's own, from the cache (scripts/k8s/kube.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { ensureDemoAccount } from '../embedded/demo-account.ts';
import { loadOrCreateSecrets } from '../embedded/secrets.ts';
import { ensurePublicBucket, infraServers, infraUp } from '../cluster/servers.ts';
import { deleteTopics, dropAndCreateDatabases } from './datastores.ts';
import { helm, kubectlApply, kubectlJson, K8S, say } from './kube.ts';

const [command = 'install', ...rest] = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? rest[at + 1] : undefined;
};
const sets = rest.flatMap((word, index) => (rest[index - 1] === '--set' ? ['--set', word] : []));

const { databaseUrl, ...servers } = infraServers();
const nodeServers = {
  ...servers,
  // What the pods dial: the node's bridge address, forwarded to the host's loopback (scripts/k8s/lib/node.sh).
  redisUrl: servers.redisUrl.replace('127.0.0.1', K8S.nodeIp),
  s3Endpoint: servers.s3Endpoint.replace('127.0.0.1', K8S.nodeIp),
  kafkaBrokers: `${K8S.nodeIp}:19092`,
};

function secret(name: string, data: Record<string, string>): object {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: K8S.namespace }, type: 'Opaque', stringData: data };
}

/** Whether the release is installed (an `up` on a node that is already up only says where it is). */
function installed(): boolean {
  try {
    helm(['status', K8S.release, '--namespace', K8S.namespace]);
    return true;
  } catch {
    return false;
  }
}

async function install(tag: string): Promise<void> {
  infraUp({ jaeger: false });
  if (installed()) {
    say(`the release ${K8S.release} is installed already (npm run k8s -- down, then up, for a new one)`);
    await printWelcome(loadOrCreateSecrets(K8S.dataDir).secrets.adminToken);
    return;
  }
  mkdirSync(K8S.dataDir, { recursive: true });
  // The node is new at every `up`, so is everything of the release's: no state survives from the last one.
  rmSync(`${K8S.dataDir}/demo.json`, { force: true });
  const databaseUrls = await dropAndCreateDatabases(databaseUrl, K8S.prefix, K8S.nodeIp);
  await deleteTopics(servers.kafkaBrokers, K8S.prefix);
  await ensurePublicBucket(servers, K8S.bucket);
  const { secrets } = loadOrCreateSecrets(K8S.dataDir);

  kubectlApply({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: K8S.namespace,
      labels: {
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/enforce-version': 'latest',
        'pod-security.kubernetes.io/warn': 'restricted',
      },
    },
  });
  kubectlApply({
    apiVersion: 'v1',
    kind: 'List',
    items: [
      secret('boardsync-shared', {
        INTERNAL_JWT_SECRET: secrets.principalSecret,
        ADMIN_TOKEN: secrets.adminToken,
        INTROSPECTION_CLIENT_SECRET: secrets.introspectionSecret,
        SESSION_SECRET: secrets.sessionSecret,
        WEBHOOK_SECRET_KEYS: secrets.webhookSecretKeys,
      }),
      secret('boardsync-redis', { REDIS_URL: nodeServers.redisUrl }),
      secret('boardsync-s3', { S3_ACCESS_KEY: servers.s3AccessKey, S3_SECRET_KEY: servers.s3SecretKey }),
      ...Object.entries(databaseUrls).map(([service, url]) => secret(`boardsync-${service}-database`, { DATABASE_URL: url })),
    ],
  });
  const started = Date.now();
  helm(['upgrade', '--install', K8S.release, K8S.chart, '--namespace', K8S.namespace, ...releaseValues(tag), ...sets, '--wait', '--timeout', '10m']);
  say(`helm install: ${String(Math.round((Date.now() - started) / 1000))} s (hook Jobs, then every Deployment rolled out)`);
  kubectlApply(edgeService());
  await printWelcome(secrets.adminToken);
}

/** The values a platform team with managed datastores outside the cluster would give (scripts/k8s/values.yaml), and this node's addresses. */
function releaseValues(tag: string): string[] {
  return [
    '-f',
    K8S.valuesFile,
    '--set-string',
    `global.image.tag=${tag}`,
    '--set-string',
    `global.kafka.brokers=${nodeServers.kafkaBrokers}`,
    '--set-string',
    `global.prefix=${K8S.prefix}`,
    '--set-string',
    `asset.s3.endpoint=${nodeServers.s3Endpoint}`,
    '--set-string',
    `asset.s3.bucket=${K8S.bucket}`,
    '--set-string',
    `global.assetPublicUrl=${servers.s3Endpoint}/${K8S.bucket}`,
  ];
}

/** What a platform puts in front of the gateway's Service (here a NodePort the node answers on loopback; elsewhere a load balancer or the Ingress). */
function edgeService(): object {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'boardsync-edge', namespace: K8S.namespace, labels: { 'app.kubernetes.io/part-of': 'boardsync-rehearsal' } },
    spec: {
      type: 'NodePort',
      selector: { 'app.kubernetes.io/instance': K8S.release, 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/component': 'server' },
      ports: [{ name: 'http', port: 8080, targetPort: 'http', nodePort: K8S.gatewayNodePort, protocol: 'TCP' }],
    },
  };
}

/**
 * `helm --wait` returns once the pods are Ready; kube-proxy may take a moment more to route a new
 * Service's address to them (refused until then). A call that could not connect is tried again, 30 s at most.
 */
async function untilReachable<T>(call: () => Promise<T>): Promise<T> {
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      return await call();
    } catch (error) {
      const unreachable = error instanceof TypeError && error.message === 'fetch failed';
      if (!unreachable || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function printWelcome(adminToken: string): Promise<void> {
  const authInternal = kubectlJson(['get', 'service', `${K8S.release}-auth-internal`]) as { spec: { clusterIP: string; ports: { port: number }[] } };
  const authUrl = `http://${authInternal.spec.clusterIP}:${String(authInternal.spec.ports[0]?.port ?? 9090)}`;
  const { demo } = await untilReachable(() => ensureDemoAccount(K8S.dataDir, authUrl, adminToken));
  const lines = [
    '',
    `boardsync is running on the Kubernetes node (namespace ${K8S.namespace}, release ${K8S.release})`,
    `  gateway:  ${K8S.gatewayUrl}`,
    `  demo designer: ${demo.email} / ${demo.password}   (sign in at ${K8S.gatewayUrl}/login)`,
    `  demo token (every scope): ${demo.token}`,
    `  try:      curl -H "Authorization: Bearer ${demo.token}" ${K8S.gatewayUrl}/api/v1/me`,
    `  kubectl:  export KUBECONFIG=${K8S.kubeconfig}   (kubectl is ${K8S.bin}/kubectl)`,
    '  stop:     npm run k8s -- down',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

switch (command) {
  case 'install':
    await install(flag('tag') ?? K8S.defaultTag);
    break;
  case 'upgrade':
    helm([
      'upgrade',
      K8S.release,
      K8S.chart,
      '--namespace',
      K8S.namespace,
      '--reuse-values',
      ...(flag('tag') ? ['--set-string', `global.image.tag=${flag('tag') ?? ''}`] : []),
      ...sets,
      '--wait',
      '--timeout',
      '10m',
    ]);
    break;
  case 'rollback':
    helm(['rollback', K8S.release, ...(rest[0] && !rest[0].startsWith('--') ? [rest[0]] : []), '--namespace', K8S.namespace, '--wait', '--timeout', '10m']);
    break;
  default:
    throw new Error(`usage: node scripts/k8s/release.ts install|upgrade|rollback (got ${command})`);
}
