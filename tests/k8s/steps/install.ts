/**
 * The install `npm run k8s -- up` made: each service's hook Job (migrate, then create-topics)
 * completed before its Deployment existed; every pod Ready; how long each pod took from creation to
 * Ready, and what each holds in memory.
 */
import { K8S } from '../../../scripts/k8s/kube.ts';
import { kube, kubeJson } from '../support/kubectl.ts';
import { deployment, eventually, metricSum, podMetrics, pods, SERVICES } from '../support/release.ts';
import { expect, seconds, type Step } from '../support/steps.ts';

interface EventJson {
  reason: string;
  involvedObject: { kind: string; name: string };
  lastTimestamp?: string;
  eventTime?: string;
}

/** Working-set memory of each pod as metrics-server reports it (what the kubelet and the HPA see). */
export async function podMemory(): Promise<Map<string, number>> {
  const metrics = await eventually('pod metrics from metrics-server', 120_000, async () => {
    try {
      const list = JSON.parse(await kube(['get', '--raw', `/apis/metrics.k8s.io/v1beta1/namespaces/${K8S.namespace}/pods`])) as {
        items: { metadata: { name: string }; containers: { usage: { memory: string } }[] }[];
      };
      return list.items.length > 0 ? list.items : undefined;
    } catch {
      return undefined;
    }
  });
  const bytes = (quantity: string): number => {
    const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(quantity);
    return Number(match?.[1] ?? 0) * ({ Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[match?.[2] ?? ''] ?? 1);
  };
  return new Map(metrics.map((pod) => [pod.metadata.name, pod.containers.reduce((sum, container) => sum + bytes(container.usage.memory), 0)]));
}

export const install: Step = {
  name: 'install',
  proves: 'hook Jobs complete before the Deployments roll out; every pod Ready; start-to-Ready and memory per pod',
  run: async () => {
    const events = ((await kubeJson(['get', 'events'])) as { items: EventJson[] }).items;
    const completed = (job: string): number | undefined => {
      const times = events
        .filter((event) => event.involvedObject.kind === 'Job' && event.involvedObject.name === job && event.reason === 'Completed')
        .map((event) => Date.parse(event.lastTimestamp ?? event.eventTime ?? ''));
      return times.length > 0 ? Math.min(...times) : undefined;
    };
    const figures: Record<string, string> = {};
    for (const service of SERVICES) {
      await kube(['rollout', 'status', `deployment/${deployment(service)}`, '--timeout=300s']);
      const created = Date.parse(
        ((await kubeJson(['get', 'deployment', deployment(service)])) as { metadata: { creationTimestamp: string } }).metadata.creationTimestamp,
      );
      if (service !== 'gateway') {
        const jobDone = completed(`${deployment(service)}-migrate`);
        expect(jobDone !== undefined, `no Completed event of the ${service} migrate Job (hook deleted before it ran?)`);
        // Event times have a resolution of one second.
        expect(jobDone <= created + 999, `${service}: the Deployment was created ${seconds(jobDone - created)} before its migrate Job completed`);
      }
      for (const pod of await pods(service)) {
        expect(pod.ready && pod.readyAt !== undefined, `${pod.name} is not Ready`);
        figures[`${service}: created → Ready`] = seconds(pod.readyAt - pod.startedAt);
        figures[`${service}: RSS (boardsync_process_resident_memory_bytes)`] =
          `${(metricSum(await podMetrics(pod), 'boardsync_process_resident_memory_bytes') / 1024 ** 2).toFixed(0)} MiB`;
      }
    }
    const memory = await podMemory();
    for (const [name, bytes] of memory) {
      const service = SERVICES.find((candidate) => name.startsWith(`${deployment(candidate)}-`));
      if (service) figures[`${service}: memory (working set)`] = `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
    }
    return figures;
  },
};
