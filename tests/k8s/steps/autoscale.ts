/**
 * The gateway's own HorizontalPodAutoscaler (the chart's, switched on with `helm upgrade`) on
 * metrics-server's CPU figures: out under read load, back in once the load stops.
 */
import { helmUpgrade, kubeJson } from '../support/kubectl.ts';
import { deployment, eventually } from '../support/release.ts';
import { ReadTraffic } from '../support/traffic.ts';
import { expect, seconds, type Step } from '../support/steps.ts';

const replicas = async (): Promise<number> =>
  ((await kubeJson(['get', 'deployment', deployment('gateway')])) as { status: { replicas?: number } }).status.replicas ?? 0;

export const autoscale: Step = {
  name: 'HPA out and in',
  proves: "the gateway's HPA (the chart's) adds pods under load from metrics-server's CPU figures and removes them after",
  run: async () => {
    await helmUpgrade([
      '--set',
      'gateway.autoscaling.enabled=true',
      '--set',
      'gateway.autoscaling.minReplicas=1',
      '--set',
      'gateway.autoscaling.maxReplicas=3',
      '--set',
      'gateway.autoscaling.targetCPUUtilizationPercentage=50',
      '--set',
      'gateway.autoscaling.scaleDownStabilizationSeconds=30',
    ]);
    let reads: ReadTraffic | undefined;
    try {
      const started = Date.now();
      reads = await ReadTraffic.start(16);
      const peak = await eventually('the HPA to add a gateway pod', 300_000, async () => {
        const now = await replicas();
        return now > 1 ? now : undefined;
      });
      const outAfter = Date.now() - started;
      const result = await reads.stop();
      reads = undefined;
      expect(result.failures.length === 0, `failed reads under the HPA: ${result.failures.slice(0, 5).join('; ')}`);
      const stopped = Date.now();
      await eventually('the HPA to remove the added pods', 420_000, async () => ((await replicas()) === 1 ? true : undefined));
      return {
        'load → scaled out': `${seconds(outAfter)} (to ${String(peak)} pods)`,
        'load stopped → back to 1 pod': seconds(Date.now() - stopped),
        'reads (failed)': `${String(result.requests)} (${String(result.failures.length)})`,
      };
    } finally {
      await reads?.stop();
      await helmUpgrade(['--set', 'gateway.autoscaling.enabled=false']);
    }
  },
};
