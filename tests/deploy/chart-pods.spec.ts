// The conventions every rendered chart follows for the pods and their Services, asserted
// on what helm renders from each example values file: labels, ports and Services, probes and
// resources, pod and container security, ServiceAccounts, secrets by reference only. Each test lists
// every object that breaks its rule, and which rule. NetworkPolicies, Ingress and ServiceMonitors:
// chart-traffic.spec.ts; hook Jobs, disruption budgets and autoscaling: chart-lifecycle.spec.ts.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import {
  COMPONENT,
  INSTANCE,
  Manifests,
  NAME,
  PART_OF,
  SERVICES,
  Violations,
  allContainers,
  containerPort,
  podLabels,
  podSpec,
  portName,
  selects,
  serviceSelects,
  type Workload,
} from './support/manifests.ts';
import { FIRST_RENDER_MS, RELEASE, exampleNames, releasePrepared, renderExample } from './support/render.ts';

const examples = exampleNames();

afterAll(releasePrepared);

const SENSITIVE_NAMES = new Set(['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
// A `…_FILE` variable names where a mounted Secret is, not what it holds.
const isSensitive = (name: string): boolean => !name.endsWith('_FILE') && (/SECRET|TOKEN|PASSWORD/.test(name) || SENSITIVE_NAMES.has(name));

describe.each(examples.length > 0 ? examples : ['(no examples)'])('examples/%s.yaml rendered', (example) => {
  let m = new Manifests([]);
  beforeAll(async () => {
    m = new Manifests(await renderExample(example));
  }, FIRST_RENDER_MS);

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
});
