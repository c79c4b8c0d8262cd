// Reading rendered manifests the way the cluster does: which pods a selector picks, which container
// port a Service or NetworkPolicy port means, which objects belong to which service. The policy
// tests collect every broken rule in a Violations list, each line naming the object and the rule.
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IContainerPort } from 'kubernetes-models/v1/ContainerPort';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { RELEASE, type K8sObject, type ObjectMeta } from './render.ts';

export const SERVICES = ['gateway', 'auth', 'catalog', 'asset', 'webhook'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The services with a database of their own, hence a migration hook. */
export const DATABASE_SERVICES: readonly ServiceName[] = ['auth', 'catalog', 'asset', 'webhook'];

export const NAME = 'app.kubernetes.io/name';
export const INSTANCE = 'app.kubernetes.io/instance';
export const PART_OF = 'app.kubernetes.io/part-of';
export const COMPONENT = 'app.kubernetes.io/component';

export type Labels = Record<string, string>;
export type LabelSelector = NonNullable<IDeployment['spec']>['selector'];

/** A kubernetes-models interface with the metadata every rendered object has. */
export type Rendered<T> = Omit<T, 'apiVersion' | 'kind' | 'metadata'> & { apiVersion: string; kind: string; metadata: ObjectMeta };
export type Deployment = Rendered<IDeployment>;
export type Job = Rendered<IJob>;
export type Service = Rendered<IService>;
export type ServiceAccount = Rendered<IServiceAccount>;
export type ConfigMap = Rendered<IConfigMap>;
export type PodDisruptionBudget = Rendered<IPodDisruptionBudget>;
export type HorizontalPodAutoscaler = Rendered<IHorizontalPodAutoscaler>;
export type NetworkPolicy = Rendered<INetworkPolicy>;
export type Ingress = Rendered<IIngress>;
export type ServiceMonitor = Rendered<IServiceMonitor>;
export type Workload = Deployment | Job;
export type Container = IContainer;

export const describeObject = (object: { kind: string; metadata: ObjectMeta }): string => `${object.kind} ${object.metadata.name}`;

/** Every broken rule, one line each: `<kind> <name>: <rule>[ (<what was found>)]`. */
export class Violations {
  readonly list: string[] = [];

  add(object: { kind: string; metadata: ObjectMeta } | string, rule: string, found?: unknown): void {
    const what = typeof object === 'string' ? object : describeObject(object);
    this.list.push(`${what}: ${rule}${found === undefined ? '' : ` (found ${JSON.stringify(found)})`}`);
  }

  check(ok: boolean, object: { kind: string; metadata: ObjectMeta } | string, rule: string, found?: unknown): void {
    if (!ok) this.add(object, rule, found);
  }
}

/** Whether a label selector picks an object with these labels. An empty selector picks everything, as in a NetworkPolicy. */
export function selects(selector: LabelSelector | undefined, labels: Labels | undefined): boolean {
  if (!selector) return false;
  const have = labels ?? {};
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (have[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const value = have[key];
    const ok =
      operator === 'In'
        ? value !== undefined && values.includes(value)
        : operator === 'NotIn'
          ? value === undefined || !values.includes(value)
          : operator === 'Exists'
            ? value !== undefined
            : operator === 'DoesNotExist'
              ? value === undefined
              : false;
    if (!ok) return false;
  }
  return true;
}

/** A Service's selector (a plain map): it picks pods carrying all of it; an empty one picks none (no endpoints are managed). */
export function serviceSelects(selector: Labels | undefined, labels: Labels | undefined): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([key, value]) => labels?.[key] === value);
}

export const podSpec = (workload: Workload): IPodSpec | undefined => workload.spec?.template.spec;
export const podLabels = (workload: Workload): Labels => workload.spec?.template.metadata?.labels ?? {};
export const allContainers = (workload: Workload): Container[] => [...(podSpec(workload)?.initContainers ?? []), ...(podSpec(workload)?.containers ?? [])];

/** The container port with this name or number in a pod, with its container. */
export function containerPort(workload: Workload, port: string | number | undefined): { container: Container; port: IContainerPort } | undefined {
  for (const container of podSpec(workload)?.containers ?? []) {
    for (const candidate of container.ports ?? []) {
      if (typeof port === 'string' ? candidate.name === port : candidate.containerPort === port) return { container, port: candidate };
    }
  }
  return undefined;
}

/** The name of the container port a Service port or probe port (name or number) lands on. */
export function portName(workload: Workload, port: string | number | undefined): string | undefined {
  return containerPort(workload, port)?.port.name;
}

/** Whether a NetworkPolicy rule's ports cover this container port (no ports: every port). */
export function coversPort(ports: INetworkPolicyPort[] | undefined, target: IContainerPort): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((entry) => {
    if ((entry.protocol ?? 'TCP') !== (target.protocol ?? 'TCP')) return false;
    if (entry.port === undefined) return true;
    if (typeof entry.port === 'string') return entry.port === target.name;
    return entry.endPort === undefined ? entry.port === target.containerPort : target.containerPort >= entry.port && target.containerPort <= entry.endPort;
  });
}

/** Helm hook events of an object (`helm.sh/hook: pre-install,pre-upgrade`). */
export const hookEvents = (object: { metadata: ObjectMeta }): string[] =>
  (object.metadata.annotations?.['helm.sh/hook'] ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter(Boolean);
export const hookWeight = (object: { metadata: ObjectMeta }): number => Number(object.metadata.annotations?.['helm.sh/hook-weight'] ?? '0');

/** The rendered objects of one release, by kind, with each workload's service read from its pod labels. */
export class Manifests {
  readonly objects: K8sObject[];

  constructor(objects: K8sObject[]) {
    this.objects = objects;
  }

  ofKind<T>(kind: string): Rendered<T>[] {
    return this.objects.filter((object) => object.kind === kind) as unknown as Rendered<T>[];
  }

  get deployments(): Deployment[] {
    return this.ofKind<IDeployment>('Deployment');
  }
  get jobs(): Job[] {
    return this.ofKind<IJob>('Job');
  }
  get services(): Service[] {
    return this.ofKind<IService>('Service');
  }

  /** The Deployments whose pods say they belong to this service. */
  deploymentsOf(service: string): Deployment[] {
    return this.deployments.filter((deployment) => podLabels(deployment)[NAME] === service);
  }
  deploymentOf(service: string): Deployment | undefined {
    const found = this.deploymentsOf(service);
    return found.length === 1 ? found[0] : undefined;
  }
  /** The labels of a service's server pods: its Deployment's, else those the chart gives them. */
  serverLabels(service: string): Labels {
    const deployment = this.deploymentOf(service);
    return deployment ? podLabels(deployment) : { [NAME]: service, [INSTANCE]: RELEASE, [COMPONENT]: 'server' };
  }
  jobsOf(service: string): Job[] {
    return this.jobs.filter((job) => podLabels(job)[NAME] === service);
  }
  named<T>(kind: string, name: string): Rendered<T> | undefined {
    return this.ofKind<T>(kind).find((object) => object.metadata.name === name);
  }
  publicService(service: string): Service | undefined {
    return this.named<IService>('Service', `${RELEASE}-${service}`);
  }
  internalService(service: string): Service | undefined {
    return this.named<IService>('Service', `${RELEASE}-${service}-internal`);
  }
  metricsService(service: string): Service | undefined {
    return this.named<IService>('Service', `${RELEASE}-${service}-metrics`);
  }
}
