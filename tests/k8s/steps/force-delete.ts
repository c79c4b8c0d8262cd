/**
 * Pods deleted with `--grace-period=0 --force`, no drain at all: a catalog pod in the middle of
 * batches and a webhook pod in the middle of deliveries (two of each, so the Service keeps one).
 * The fault harness's promise holds: nothing acknowledged is lost, no batch is half applied, every
 * committed batch is announced; a delivery the killed pod had sent but not recorded may come twice.
 */
import { kube } from '../support/kubectl.ts';
import { WriteLoad } from '../support/load.ts';
import { eventually, readyPods, rolloutStatus, scale, type Service } from '../support/release.ts';
import { expect, type Figures, type Step } from '../support/steps.ts';

export const forceDelete: Step = {
  name: 'pods force-deleted mid-work',
  proves: 'catalog mid-batch and webhook mid-delivery deleted with --grace-period=0 --force: nothing acknowledged lost',
  run: async () => {
    const victims: Service[] = ['catalog', 'webhook'];
    for (const service of victims) {
      await scale(service, 2);
      await rolloutStatus(service);
    }
    const load = await WriteLoad.start('force', 50, 0);
    const figures: Figures = {};
    try {
      for (const service of victims) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        const victim = (await readyPods(service))[0];
        expect(victim !== undefined, `no Ready ${service} pod to delete`);
        await kube(['delete', 'pod', victim.name, '--grace-period=0', '--force', '--wait=false']);
        await eventually(`${service} back to two Ready pods`, 120_000, async () =>
          (await readyPods(service)).filter((pod) => pod.name !== victim.name).length === 2 ? true : undefined,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    } finally {
      const refusals = load.refusalsText();
      const result = await load.stop();
      Object.assign(figures, WriteLoad.figures(result, refusals), { 'batches never acknowledged (retries ran out)': result.unacknowledged });
      for (const service of victims) await scale(service, 1);
      expect(result.violations.length === 0, `the writer's ledger: ${result.violations.slice(0, 5).join('; ')}`, figures);
    }
    return figures;
  },
};
