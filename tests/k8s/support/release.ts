/**
 * The boardsync release on the rehearsal node as tests/k8s sees it: its pods and Deployments
 * through kubectl, each pod's own /metrics read from the host (the node's address may reach every
 * pod), and designers made through auth's admin API, as an operator would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { K8S } from '../../../scripts/k8s/kube.ts';
import { AdminApi } from '../../support/admin-api.ts';
import { kube, kubeJson } from './kubectl.ts';

export const SERVICES = ['gateway', 'auth', 'catalog', 'asset', 'webhook'] as const;
export type Service = (typeof SERVICES)[number];

export interface Pod {
  name: string;
  ip: string;
  ready: boolean;
  phase: string;
  startedAt: number;
  readyAt: number | undefined;
  restarts: number;
}

interface PodJson {
  metadata: { name: string; creationTimestamp: string; deletionTimestamp?: string };
  status: {
    phase: string;
    podIP?: string;
    startTime?: string;
    conditions?: { type: string; status: string; lastTransitionTime: string }[];
    containerStatuses?: { restartCount: number }[];
  };
}

export const deployment = (service: Service): string => `${K8S.release}-${service}`;
const selector = (service: Service): string => `app.kubernetes.io/instance=${K8S.release},app.kubernetes.io/name=${service},app.kubernetes.io/component=server`;

function toPod(json: PodJson): Pod {
  const ready = json.status.conditions?.find((condition) => condition.type === 'Ready');
  return {
    name: json.metadata.name,
    ip: json.status.podIP ?? '',
    ready: ready?.status === 'True' && json.metadata.deletionTimestamp === undefined,
    phase: json.status.phase,
    startedAt: Date.parse(json.metadata.creationTimestamp),
    readyAt: ready?.status === 'True' ? Date.parse(ready.lastTransitionTime) : undefined,
    restarts: json.status.containerStatuses?.reduce((sum, container) => sum + container.restartCount, 0) ?? 0,
  };
}

/** The service's server pods (not the hook Jobs'), terminating ones included. */
export async function pods(service: Service): Promise<Pod[]> {
  return ((await kubeJson(['get', 'pods', '-l', selector(service)])) as { items: PodJson[] }).items.map(toPod);
}

export const readyPods = async (service: Service): Promise<Pod[]> => (await pods(service)).filter((pod) => pod.ready);

export async function eventually<T>(what: string, timeoutMs: number, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${String(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function scale(service: Service, replicas: number): Promise<void> {
  await kube(['scale', `deployment/${deployment(service)}`, `--replicas=${String(replicas)}`]);
}

export async function rolloutStatus(service: Service, timeout = '300s'): Promise<void> {
  await kube(['rollout', 'status', `deployment/${deployment(service)}`, `--timeout=${timeout}`]);
}

/** `service`'s pods' /metrics, each on its own (the port the Services give a scraper). */
export async function podMetrics(pod: Pod): Promise<string> {
  const response = await fetch(`http://${pod.ip}:9100/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${pod.name} /metrics answered ${String(response.status)}`);
  return response.text();
}

/** The sum of one metric's samples (optionally those whose labels contain `labels`). */
export function metricSum(text: string, metric: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(metric)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] !== metric || !(match[2] ?? '').includes(labels)) continue;
    sum += Number(match[3]);
  }
  return sum;
}

export async function adminUrl(): Promise<string> {
  const service = (await kubeJson(['get', 'service', `${K8S.release}-auth-internal`])) as { spec: { clusterIP: string; ports: { port: number }[] } };
  return `http://${service.spec.clusterIP}:${String(service.spec.ports[0]?.port ?? 9090)}`;
}

export function adminToken(): string {
  return readFileSync(join(K8S.dataDir, 'admin-token'), 'utf8').trim();
}

/** What a writer of the fault harness needs: the gateway, a name, and designers with tokens (auth's admin API). */
export function writerTarget(name: string): {
  gateway: string;
  name: string;
  designerToken: (scopes: readonly string[]) => Promise<{ designerId: number; token: string }>;
} {
  const admin = new AdminApi(adminUrl, adminToken());
  return {
    gateway: K8S.gatewayUrl,
    name,
    designerToken: async (scopes) => {
      const designer = await admin.designer();
      return { designerId: designer.id, token: (await admin.issueToken(scopes, designer.id)).token };
    },
  };
}
