/**
 * The rehearsal node as the TypeScript side sees it: its fixed addresses (scripts/k8s/lib/common.sh
 * holds the same), the release's names, and kubectl and helm run against it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = process.env.BOARDSYNC_CACHE ?? join(homedir(), '.cache', 'boardsync');
const state = process.env.BOARDSYNC_K8S_STATE ?? '/var/lib/boardsync-k8s';
const gatewayNodePort = 30080;

export const K8S = {
  nodeIp: '10.244.0.1',
  bin: join(cache, 'k8s', 'bin'),
  kubeconfig: join(state, 'pki', 'admin.kubeconfig'),
  namespace: 'boardsync',
  release: 'boardsync',
  /** Kafka topic and consumer-group prefix, Redis key prefix, and the databases' name prefix. */
  prefix: 'k8s',
  bucket: 'boardsync-k8s',
  chart: fileURLToPath(new URL('../../.cache/k8s/charts/boardsync', import.meta.url)),
  valuesFile: fileURLToPath(new URL('values.yaml', import.meta.url)),
  dataDir: fileURLToPath(new URL('../../.data-k8s', import.meta.url)),
  defaultTag: '0.1.0',
  gatewayNodePort,
  /** Where tests/k8s's webhook receivers and artwork servers listen: the NetworkPolicy of scripts/k8s/values.yaml admits these. */
  callbackPorts: '18090-18099',
  /** The gateway through the edge Service: kube-proxy answers NodePorts on the node's loopback. */
  gatewayUrl: `http://127.0.0.1:${String(gatewayNodePort)}`,
} as const;

export const say = (line: string): void => void process.stdout.write(`[k8s ${new Date().toTimeString().slice(0, 8)}] ${line}\n`);

function run(command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${String(result.status)}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** The same, without blocking the event loop: what a caller with requests of its own in flight (tests/k8s) runs. */
export function runAsync(command: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}:\n${stderr}${stdout}`));
    });
    child.stdin.end(input);
  });
}

const kubectlArgs = (args: string[]): string[] => {
  const namespaced = args.some((arg) => arg === '-n' || arg === '--namespace' || arg.startsWith('--namespace=') || arg === '-A') ? [] : ['-n', K8S.namespace];
  return ['--kubeconfig', K8S.kubeconfig, ...namespaced, ...args];
};

/** kubectl against the node, in the release's namespace unless the arguments name another. */
export function kubectl(args: string[], input?: string): string {
  return run(join(K8S.bin, 'kubectl'), kubectlArgs(args), input);
}

/** kubectl without blocking the event loop. */
export function kubectlAsync(args: string[], input?: string): Promise<string> {
  return runAsync(join(K8S.bin, 'kubectl'), kubectlArgs(args), input);
}

/** What kubectl prints with `-o json`, for the caller to type (`as`): kubectl's own output, trusted as its API types. */
export function kubectlJson(args: string[]): unknown {
  return JSON.parse(kubectl([...args, '-o', 'json']));
}

/** `kubectl apply` of one object (or a List), server-side, as the rehearsal's field manager. */
export function kubectlApply(object: object): void {
  kubectl(['apply', '--server-side', '--force-conflicts', '--field-manager', 'boardsync-rehearsal', '-f', '-'], JSON.stringify(object));
}

export function helm(args: string[]): string {
  const bin = process.env.HELM;
  if (!bin) throw new Error('HELM is not set: run this through npm run k8s (scripts/k8s/k8s.sh)');
  return run(bin, ['--kubeconfig', K8S.kubeconfig, ...args]);
}
