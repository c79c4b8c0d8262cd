// The conventions every rendered chart follows (issue 12), asserted on what helm renders from each
// example values file: labels, ports and Services, probes and resources, pod and container security,
// hook Jobs, secrets by reference only, NetworkPolicies, autoscaling, disruption budgets, Ingress
// and ServiceMonitors. Each test lists every object that breaks its rule, and which rule.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import {
  COMPONENT,
  DATABASE_SERVICES,
  INSTANCE,
  Manifests,
  NAME,
  PART_OF,
  SERVICES,
  Violations,
  allContainers,
  containerPort,
  coversPort,
  hookEvents,
  hookWeight,
  podLabels,
  podSpec,
  portName,
  selects,
  serviceSelects,
  type Job,
  type Labels,
  type Workload,
} from './support/manifests.ts';
import { RELEASE, exampleFile, exampleNames, releasePrepared, renderExample } from './support/render.ts';

const FIRST_RENDER_MS = 15 * 60_000;
const examples = exampleNames();

afterAll(releasePrepared);

const SENSITIVE_NAMES = new Set(['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
const isSensitive = (name: string): boolean => /SECRET|TOKEN|PASSWORD/.test(name) || SENSITIVE_NAMES.has(name);
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'];
const INTERNET_SERVICES = new Set(['asset', 'webhook']);

describe.each(examples.length > 0 ? examples : ['(no examples)'])('examples/%s.yaml rendered', (example) => {
  let m = new Manifests([]);
  // The example's own values, to know what it switches on (an Ingress, the lag metric).
  let values: Record<string, unknown> = {};
  beforeAll(async () => {
    m = new Manifests(await renderExample(example));
    values = (parse(readFileSync(exampleFile(example), 'utf8')) ?? {}) as Record<string, unknown>;
  }, FIRST_RENDER_MS);

  const serverLabels = (service: string): Labels => {
    const deployment = m.deploymentOf(service);
    return deployment ? podLabels(deployment) : { [NAME]: service, [INSTANCE]: RELEASE, [COMPONENT]: 'server' };
  };

  test('five services, each one Deployment; pods labelled name, instance, part-of and component (server, or migrate for hook Jobs)', () => {
    const v = new Violations();
    for (const service of SERVICES) {
      const count = m.deploymentsOf(service).length;
      v.check(count === 1, `service ${service}`, `exactly one Deployment whose pods are labelled ${NAME}: ${service}`, `${count}`);
    }
    const check = (workload: Workload, component: string): void => {
      const labels = podLabels(workload);
      v.check((SERVICES as readonly string[]).includes(labels[NAME] ?? ''), workload, `pod label ${NAME} is one of ${SERVICES.join(', ')}`, labels[NAME]);
      v.check(labels[INSTANCE] === RELEASE, workload, `pod label ${INSTANCE}: ${RELEASE}`, labels[INSTANCE]);
      v.check(labels[PART_OF] === 'boardsync', workload, `pod label ${PART_OF}: boardsync`, labels[PART_OF]);
      v.check(labels[COMPONENT] === component, workload, `pod label ${COMPONENT}: ${component}`, labels[COMPONENT]);
    };
    for (const deployment of m.deployments) check(deployment, 'server');
    for (const job of m.jobs) check(job, 'migrate');
    expect(v.list).toEqual([]);
  });

  test('container ports http and internal; Service <release>-<service> exposes only http, <release>-<service>-internal only internal, both selecting only the server pods', () => {
    const v = new Violations();
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      if (!deployment) continue; // reported by the Deployment rule
      for (const port of ['http', 'internal', 'metrics']) v.check(containerPort(deployment, port) !== undefined, deployment, `a container port named ${port}`);
      const expose = (name: string, port: 'http' | 'internal' | 'metrics'): void => {
        const svc = m.named<IService>('Service', name);
        if (!svc) {
          v.add(`Service ${name}`, `is rendered (exposing ${service}'s ${port} port)`, 'nothing');
          return;
        }
        const selector = svc.spec?.selector;
        v.check(serviceSelects(selector, podLabels(deployment)), svc, `selector picks the ${service} server pods`, selector);
        for (const job of m.jobsOf(service)) {
          v.check(
            !serviceSelects(selector, podLabels(job)),
            svc,
            `selector does not pick the hook Job ${job.metadata.name}'s pods (a running Job pod would get traffic)`,
            selector,
          );
        }
        const ports = svc.spec?.ports ?? [];
        v.check(ports.length > 0, svc, `exposes the ${port} port`, ports);
        for (const entry of ports) {
          const target = portName(deployment, entry.targetPort ?? entry.port);
          v.check(target === port, svc, `port ${entry.name ?? entry.port} leads only to the container port ${port}`, target ?? entry.targetPort ?? entry.port);
          v.check(entry.name === port, svc, `its port is named ${port} (ServiceMonitors and Ingresses refer to it by name)`, entry.name);
        }
      };
      expose(`${RELEASE}-${service}`, 'http');
      expose(`${RELEASE}-${service}-internal`, 'internal');
      expose(`${RELEASE}-${service}-metrics`, 'metrics');
    }
    expect(v.list).toEqual([]);
  });

  test('every Deployment container: liveness /healthz and readiness /readyz on http, a startup probe, cpu and memory requests and limits', () => {
    const v = new Violations();
    for (const deployment of m.deployments) {
      for (const container of podSpec(deployment)?.containers ?? []) {
        const where = `Deployment ${deployment.metadata.name} container ${container.name}`;
        const probe = (kind: 'livenessProbe' | 'readinessProbe', path: string): void => {
          const get = container[kind]?.httpGet;
          v.check(
            get?.path === path && portName(deployment, get.port) === 'http',
            where,
            `${kind} httpGet ${path} on port http`,
            get ?? container[kind] ?? null,
          );
        };
        probe('livenessProbe', '/healthz');
        probe('readinessProbe', '/readyz');
        v.check(container.startupProbe !== undefined, where, 'a startupProbe');
        for (const bound of ['requests', 'limits'] as const) {
          for (const resource of ['cpu', 'memory']) {
            v.check(container.resources?.[bound]?.[resource] !== undefined, where, `resources.${bound}.${resource} set`, container.resources ?? null);
          }
        }
      }
    }
    expect(v.list).toEqual([]);
  });

  test('every Deployment and Job pod: no token automount, non-root with a non-zero uid, seccomp RuntimeDefault; every container: no privilege escalation, read-only root, all capabilities dropped, not privileged', () => {
    const v = new Violations();
    for (const workload of [...m.deployments, ...m.jobs]) {
      const spec = podSpec(workload);
      const pod = spec?.securityContext;
      v.check(spec?.automountServiceAccountToken === false, workload, 'pod automountServiceAccountToken: false', spec?.automountServiceAccountToken ?? null);
      v.check(pod?.runAsNonRoot === true, workload, 'pod securityContext.runAsNonRoot: true', pod?.runAsNonRoot ?? null);
      v.check(typeof pod?.runAsUser === 'number' && pod.runAsUser > 0, workload, 'pod securityContext.runAsUser non-zero', pod?.runAsUser ?? null);
      v.check(pod?.seccompProfile?.type === 'RuntimeDefault', workload, 'pod securityContext.seccompProfile.type: RuntimeDefault', pod?.seccompProfile ?? null);
      for (const container of allContainers(workload)) {
        const where = `${workload.kind} ${workload.metadata.name} container ${container.name}`;
        const context = container.securityContext;
        v.check(context?.allowPrivilegeEscalation === false, where, 'allowPrivilegeEscalation: false', context?.allowPrivilegeEscalation ?? null);
        v.check(context?.readOnlyRootFilesystem === true, where, 'readOnlyRootFilesystem: true', context?.readOnlyRootFilesystem ?? null);
        v.check(context?.capabilities?.drop?.includes('ALL') === true, where, 'capabilities.drop: [ALL]', context?.capabilities?.drop ?? null);
        v.check(!context?.capabilities?.add?.length, where, 'no capabilities added back', context?.capabilities?.add);
        v.check(context?.privileged !== true, where, 'not privileged');
        // A container may not undo the pod's settings.
        v.check(context?.runAsUser !== 0, where, 'does not run as uid 0');
        v.check(context?.runAsNonRoot !== false, where, 'does not set runAsNonRoot: false');
        v.check(
          !context?.seccompProfile || context.seccompProfile.type === 'RuntimeDefault',
          where,
          'no seccompProfile other than RuntimeDefault',
          context?.seccompProfile,
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('every Deployment: topology spread constraints that select its own pods, and a writable emptyDir at /tmp in each container', () => {
    const v = new Violations();
    for (const deployment of m.deployments) {
      const spec = podSpec(deployment);
      const constraints = spec?.topologySpreadConstraints ?? [];
      v.check(constraints.length > 0, deployment, 'topologySpreadConstraints present');
      for (const constraint of constraints) {
        v.check(
          selects(constraint.labelSelector, podLabels(deployment)),
          deployment,
          `topology spread over ${constraint.topologyKey} selects its own pods`,
          constraint.labelSelector ?? null,
        );
      }
      for (const container of spec?.containers ?? []) {
        const mount = container.volumeMounts?.find((entry) => entry.mountPath === '/tmp');
        const volume = spec?.volumes?.find((entry) => entry.name === mount?.name);
        v.check(
          mount !== undefined && mount.readOnly !== true && volume?.emptyDir !== undefined,
          `Deployment ${deployment.metadata.name} container ${container.name}`,
          'a writable emptyDir mounted at /tmp',
          mount ?? null,
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('every Job is a pre-install,pre-upgrade hook; each database service runs migrate and create-topics from its own image', () => {
    const v = new Violations();
    for (const job of m.jobs) {
      const events = hookEvents(job);
      v.check(events.includes('pre-install') && events.includes('pre-upgrade'), job, 'annotation helm.sh/hook has pre-install and pre-upgrade', events);
    }
    for (const service of DATABASE_SERVICES) {
      const image = m.deploymentOf(service)?.spec?.template.spec?.containers[0]?.image;
      for (const step of ['migrate', 'create-topics']) {
        const runners = m
          .jobsOf(service)
          .flatMap((job) => allContainers(job).filter((container) => [...(container.command ?? []), ...(container.args ?? [])].includes(step)));
        v.check(runners.length > 0, `service ${service}`, `a hook Job container runs "${step}" (in its args)`);
        for (const container of runners)
          v.check(container.image === image, `service ${service}`, `"${step}" runs from the service's image ${image ?? '?'}`, container.image);
      }
    }
    expect(v.list).toEqual([]);
  });

  // Helm runs pre-install hooks before it creates any other object of the release: a hook Job that
  // needs the chart's ServiceAccount or ConfigMap waits forever on a first install unless those are
  // hooks too, of a weight no greater than the Job's (same weight: Helm orders them by kind first).
  test('a hook Job uses only objects that exist when it runs: the chart ServiceAccounts and ConfigMaps it names are earlier hooks', () => {
    const v = new Violations();
    const mustPrecede = (job: Job, kind: string, name: string | undefined): void => {
      if (!name) return;
      const object = m.named<unknown>(kind, name);
      if (!object) return; // not the chart's: an existing object (an external Secret, the default ServiceAccount)
      const events = hookEvents(object);
      v.check(
        events.includes('pre-install') && events.includes('pre-upgrade') && hookWeight(object) <= hookWeight(job),
        job,
        `${kind} ${name} exists before this hook runs (a pre-install,pre-upgrade hook of weight <= ${hookWeight(job)})`,
        events.length > 0 ? `hook ${events.join(',')} weight ${hookWeight(object)}` : 'an ordinary release object',
      );
    };
    for (const job of m.jobs) {
      const spec = podSpec(job);
      mustPrecede(job, 'ServiceAccount', spec?.serviceAccountName);
      for (const volume of spec?.volumes ?? []) mustPrecede(job, 'ConfigMap', volume.configMap?.name);
      for (const container of allContainers(job)) {
        for (const from of container.envFrom ?? []) mustPrecede(job, 'ConfigMap', from.configMapRef?.name);
        for (const env of container.env ?? []) mustPrecede(job, 'ConfigMap', env.valueFrom?.configMapKeyRef?.name);
      }
    }
    expect(v.list).toEqual([]);
  });

  test('every ServiceAccount has automountServiceAccountToken: false; every server pod runs as its own chart ServiceAccount', () => {
    const v = new Violations();
    for (const account of m.ofKind<IServiceAccount>('ServiceAccount')) {
      v.check(account.automountServiceAccountToken === false, account, 'automountServiceAccountToken: false', account.automountServiceAccountToken ?? null);
    }
    for (const deployment of m.deployments) {
      const name = podSpec(deployment)?.serviceAccountName;
      v.check(
        name !== undefined && m.named('ServiceAccount', name) !== undefined,
        deployment,
        'serviceAccountName names a ServiceAccount the chart renders',
        name ?? null,
      );
    }
    expect(v.list).toEqual([]);
  });

  test('secrets only by reference: sensitive env vars come from secretKeyRef, and no ConfigMap holds a sensitive key', () => {
    const v = new Violations();
    for (const workload of [...m.deployments, ...m.jobs]) {
      for (const container of allContainers(workload)) {
        for (const env of container.env ?? []) {
          if (!isSensitive(env.name)) continue;
          v.check(
            env.value === undefined && env.valueFrom?.secretKeyRef !== undefined,
            `${workload.kind} ${workload.metadata.name} container ${container.name}`,
            `env ${env.name} comes from valueFrom.secretKeyRef`,
            env.value !== undefined ? 'a literal value' : (env.valueFrom ?? null),
          );
        }
      }
    }
    for (const map of m.ofKind<IConfigMap>('ConfigMap')) {
      for (const key of [...Object.keys(map.data ?? {}), ...Object.keys(map.binaryData ?? {})]) {
        v.check(!isSensitive(key), map, `holds no sensitive key (${key} belongs in a Secret, referenced by secretKeyRef)`);
      }
    }
    expect(v.list).toEqual([]);
  });

  test('each service: one PodDisruptionBudget selecting its server pods and allowing an eviction at the smallest scale', () => {
    const v = new Violations();
    const budgets = m.ofKind<IPodDisruptionBudget>('PodDisruptionBudget');
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      const mine = budgets.filter((budget) => selects(budget.spec?.selector, serverLabels(service)));
      v.check(
        mine.length === 1,
        `service ${service}`,
        'exactly one PodDisruptionBudget selecting its server pods',
        mine.map((budget) => budget.metadata.name),
      );
      const budget = mine[0];
      if (!budget || !deployment) continue;
      // At the smallest scale (the HPA's minimum, else the Deployment's replicas) a budget must still let one pod go, or node drains hang.
      const hpa = m.ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler').find((entry) => entry.spec.scaleTargetRef.name === deployment.metadata.name);
      const smallest = hpa?.spec.minReplicas ?? deployment.spec?.replicas ?? 1;
      const { minAvailable, maxUnavailable } = budget.spec ?? {};
      const count = (value: string | number, of: number, round: (n: number) => number): number =>
        typeof value === 'number' ? value : round((Number.parseFloat(value) / 100) * of);
      const evictable =
        minAvailable !== undefined
          ? smallest - count(minAvailable, smallest, Math.ceil)
          : maxUnavailable !== undefined
            ? count(maxUnavailable, smallest, Math.floor)
            : 1;
      v.check(evictable >= 1, budget, `allows at least one eviction at ${smallest} replica(s)`, { minAvailable, maxUnavailable });
    }
    expect(v.list).toEqual([]);
  });

  test('each service: one autoscaling/v2 HorizontalPodAutoscaler on its Deployment with a CPU metric (and for the large webhook, Kafka consumer lag as an External metric)', () => {
    const v = new Violations();
    const autoscalers = m.ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
    for (const hpa of autoscalers) v.check(hpa.apiVersion === 'autoscaling/v2', hpa, 'apiVersion autoscaling/v2', hpa.apiVersion);
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      if (!deployment) continue;
      const mine = autoscalers.filter((hpa) => hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === deployment.metadata.name);
      v.check(mine.length === 1, `service ${service}`, `exactly one HorizontalPodAutoscaler targeting Deployment ${deployment.metadata.name}`, mine.length);
      const hpa = mine[0];
      if (!hpa) continue;
      v.check(hpa.spec.scaleTargetRef.apiVersion === 'apps/v1', hpa, 'scaleTargetRef.apiVersion apps/v1', hpa.spec.scaleTargetRef.apiVersion);
      v.check((hpa.spec.minReplicas ?? 1) <= hpa.spec.maxReplicas, hpa, 'minReplicas <= maxReplicas', [hpa.spec.minReplicas, hpa.spec.maxReplicas]);
      const metrics = hpa.spec.metrics ?? [];
      v.check(
        metrics.some((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu'),
        hpa,
        'a Resource metric on cpu',
        metrics.map((metric) => metric.type),
      );
      if (example === 'large' && service === 'webhook') {
        v.check(
          metrics.some((metric) => metric.type === 'External' && /lag/i.test(metric.external?.metric.name ?? '')),
          hpa,
          'an External metric on Kafka consumer lag (in the large example)',
          metrics.map((metric) => metric.external?.metric.name ?? metric.type),
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('NetworkPolicies: one per service on its server pods, Ingress and Egress; only the gateway takes http from anywhere, backends http only from the gateway, internal ports only from pods in the namespace', () => {
    const v = new Violations();
    const policies = m.ofKind<INetworkPolicy>('NetworkPolicy');
    for (const policy of policies) v.check(policy.apiVersion === 'networking.k8s.io/v1', policy, 'apiVersion networking.k8s.io/v1', policy.apiVersion);
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      const mine = policies.filter((policy) => selects(policy.spec?.podSelector, serverLabels(service)));
      v.check(
        mine.length === 1,
        `service ${service}`,
        'exactly one NetworkPolicy selecting its server pods',
        mine.map((policy) => policy.metadata.name),
      );
      const policy = mine[0];
      if (!policy || !deployment) continue;
      const types = policy.spec?.policyTypes ?? [];
      v.check(types.includes('Ingress') && types.includes('Egress'), policy, 'policyTypes Ingress and Egress', types);
      const http = containerPort(deployment, 'http')?.port;
      const internal = containerPort(deployment, 'internal')?.port;
      const rules = policy.spec?.ingress ?? [];
      for (const rule of rules) {
        const fromAnywhere = !rule.from || rule.from.length === 0;
        v.check(!(fromAnywhere && !rule.ports?.length), policy, 'no ingress rule admits every port from anywhere', rule);
        if (internal && coversPort(rule.ports, internal)) {
          v.check(!fromAnywhere, policy, 'the internal port is not open to anywhere', rule);
          for (const peer of rule.from ?? []) {
            v.check(
              peer.podSelector !== undefined && !peer.namespaceSelector && !peer.ipBlock,
              policy,
              'the internal port admits only podSelector peers (same namespace: no namespaceSelector, no ipBlock)',
              peer,
            );
          }
        }
        const metrics = containerPort(deployment, 'metrics')?.port;
        if (metrics && coversPort(rule.ports, metrics)) {
          v.check(!fromAnywhere, policy, 'the metrics port is not open to anywhere', rule);
          v.check(
            !internal || !coversPort(rule.ports, internal),
            policy,
            'the rule admitting scrapers covers the metrics port, never the internal one',
            rule.ports,
          );
          for (const peer of rule.from ?? []) {
            v.check(peer.podSelector !== undefined && !peer.ipBlock, policy, 'the metrics port admits only selected pods (a podSelector, no ipBlock)', peer);
          }
        }
        if (http && service !== 'gateway' && coversPort(rule.ports, http)) {
          v.check(!fromAnywhere, policy, 'a backend http port is not open to anywhere', rule);
          for (const peer of rule.from ?? []) {
            const labels = peer.podSelector?.matchLabels ?? {};
            v.check(
              labels[NAME] === 'gateway' && labels[INSTANCE] === RELEASE && !peer.namespaceSelector && !peer.ipBlock,
              policy,
              `a backend http port admits only pods labelled ${NAME}: gateway, ${INSTANCE}: ${RELEASE}`,
              peer,
            );
          }
        }
      }
      if (service === 'gateway' && http) {
        v.check(
          rules.some((rule) => (!rule.from || rule.from.length === 0) && !!rule.ports?.length && coversPort(rule.ports, http)),
          policy,
          'the gateway admits its http port from anywhere (a rule with that port and no from)',
          rules,
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('NetworkPolicies: DNS for all; internet egress (0.0.0.0/0 except private and link-local ranges) for asset and webhook only', () => {
    const v = new Violations();
    const udp53 = { containerPort: 53, protocol: 'UDP' } as const;
    const tcp53 = { containerPort: 53, protocol: 'TCP' } as const;
    for (const service of SERVICES) {
      const policy = m.ofKind<INetworkPolicy>('NetworkPolicy').find((entry) => selects(entry.spec?.podSelector, serverLabels(service)));
      if (!policy) continue; // reported by the ingress rule
      const rules = policy.spec?.egress ?? [];
      v.check(
        rules.some((rule) => rule.ports?.length && coversPort(rule.ports, udp53)) && rules.some((rule) => rule.ports?.length && coversPort(rule.ports, tcp53)),
        policy,
        'egress allows DNS (port 53 over UDP and TCP)',
        rules.map((rule) => rule.ports ?? null),
      );
      const internet = rules.flatMap((rule) => (rule.to ?? []).filter((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
      if (INTERNET_SERVICES.has(service)) {
        v.check(internet.length > 0, policy, 'an egress rule to the internet (ipBlock 0.0.0.0/0)');
        for (const peer of internet) {
          const except = peer.ipBlock?.except ?? [];
          v.check(
            PRIVATE_RANGES.every((range) => except.includes(range)),
            policy,
            `the 0.0.0.0/0 egress excepts ${PRIVATE_RANGES.join(', ')}`,
            except,
          );
        }
      } else {
        v.check(internet.length === 0, policy, `no egress to 0.0.0.0/0 (only ${[...INTERNET_SERVICES].join(' and ')} reach the internet)`, internet);
        v.check(
          !rules.some((rule) => !rule.to?.length && !rule.ports?.length),
          policy,
          'no egress rule allowing every destination on every port',
          rules.filter((rule) => !rule.to?.length && !rule.ports?.length),
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('only the gateway has an Ingress (rendered when the example enables it), and it leads to the gateway public Service on http', () => {
    const v = new Violations();
    const ingresses = m.ofKind<IIngress>('Ingress');
    const gateway = (values.gateway ?? {}) as { ingress?: { enabled?: unknown } };
    if (gateway.ingress?.enabled === true) v.check(ingresses.length > 0, `examples/${example}.yaml`, 'gateway.ingress.enabled renders an Ingress', 'none');
    for (const ingress of ingresses) {
      const backends = [ingress.spec?.defaultBackend, ...(ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((path) => path.backend))];
      for (const backend of backends) {
        if (!backend) continue;
        v.check(
          backend.service?.name === `${RELEASE}-gateway` &&
            (backend.service.port?.name === 'http' || backend.service.port?.number === m.publicService('gateway')?.spec?.ports?.[0]?.port),
          ingress,
          `leads only to Service ${RELEASE}-gateway port http`,
          backend,
        );
      }
      v.check(ingress.metadata.labels?.[NAME] === 'gateway', ingress, `labelled ${NAME}: gateway`, ingress.metadata.labels?.[NAME]);
    }
    expect(v.list).toEqual([]);
  });

  test('ServiceMonitors, when enabled, scrape each service once through its -metrics Service, port metrics, path /metrics (never the internal port)', () => {
    const v = new Violations();
    const monitors = m.ofKind<IServiceMonitor>('ServiceMonitor');
    if (monitors.length === 0) return;
    for (const service of SERVICES) {
      const scrape = m.metricsService(service);
      const publicService = m.publicService(service);
      const mine = monitors.filter((monitor) => scrape && selects(monitor.spec.selector, scrape.metadata.labels));
      v.check(
        mine.length === 1,
        `service ${service}`,
        `exactly one ServiceMonitor selecting Service ${RELEASE}-${service}-metrics`,
        mine.map((monitor) => monitor.metadata.name),
      );
      for (const monitor of mine) {
        for (const other of [publicService, m.internalService(service)]) {
          v.check(!(other && selects(monitor.spec.selector, other.metadata.labels)), monitor, `does not also select Service ${other?.metadata.name ?? '?'}`);
        }
      }
    }
    for (const monitor of monitors) {
      const selected = SERVICES.filter((service) => selects(monitor.spec.selector, m.metricsService(service)?.metadata.labels));
      v.check(selected.length === 1, monitor, 'selects exactly one -metrics Service', selected);
      for (const endpoint of monitor.spec.endpoints) {
        v.check(endpoint.port === 'metrics' && (endpoint.path ?? '/metrics') === '/metrics', monitor, 'endpoints scrape port metrics, path /metrics', endpoint);
      }
    }
    expect(v.list).toEqual([]);
  });
});
