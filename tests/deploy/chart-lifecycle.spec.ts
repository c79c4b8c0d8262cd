// The conventions every rendered chart follows for installing, upgrading, draining and
// scaling a release, asserted on what helm renders from each example values file: hook Jobs and the
// objects they need, PodDisruptionBudgets and HorizontalPodAutoscalers. Each test lists every object
// that breaks its rule, and which rule.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { DATABASE_SERVICES, Manifests, SERVICES, Violations, allContainers, hookEvents, hookWeight, podSpec, selects, type Job } from './support/manifests.ts';
import { FIRST_RENDER_MS, exampleNames, releasePrepared, renderExample } from './support/render.ts';

const examples = exampleNames();

afterAll(releasePrepared);

describe.each(examples.length > 0 ? examples : ['(no examples)'])('examples/%s.yaml rendered', (example) => {
  let m = new Manifests([]);
  beforeAll(async () => {
    m = new Manifests(await renderExample(example));
  }, FIRST_RENDER_MS);

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

  test('each service: one PodDisruptionBudget selecting its server pods and allowing an eviction at the smallest scale', () => {
    const v = new Violations();
    const budgets = m.ofKind<IPodDisruptionBudget>('PodDisruptionBudget');
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      const mine = budgets.filter((budget) => selects(budget.spec?.selector, m.serverLabels(service)));
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
});
