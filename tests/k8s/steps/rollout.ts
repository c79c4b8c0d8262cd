/**
 * `kubectl rollout restart` of every Deployment, one after another, under reads and writes: no
 * request fails (preStop keeps a pod serving while its endpoints go, the kit drains before exit,
 * readiness holds new pods back until they serve, the PDB keeps one up), and no event is lost or
 * delivered twice.
 */
import { kube } from '../support/kubectl.ts';
import { deployment, rolloutStatus, SERVICES } from '../support/release.ts';
import { WriteLoad } from '../support/load.ts';
import { ReadTraffic } from '../support/traffic.ts';
import { expect, seconds, type Figures, type Step } from '../support/steps.ts';

/** Runs `change` under write and read load, then settles and checks both: the rollout steps' common frame. */
export async function underLoad(label: string, change: (figures: Figures) => Promise<void> | void): Promise<Figures> {
  const figures: Figures = {};
  const load = await WriteLoad.start(label);
  const reads = await ReadTraffic.start();
  let failed: unknown;
  try {
    await change(figures);
  } catch (error) {
    failed = error;
  }
  const readResult = await reads.stop();
  const refusals = load.refusalsText();
  const writeResult = await load.stop();
  if (failed !== undefined) throw failed instanceof Error ? failed : new Error('the change failed', { cause: failed });
  Object.assign(figures, WriteLoad.figures(writeResult, refusals), {
    'reads (failed)': `${String(readResult.requests)} (${String(readResult.failures.length)})`,
  });
  expect(readResult.failures.length === 0, `failed reads: ${readResult.failures.slice(0, 5).join('; ')}`, figures);
  expect(writeResult.failedRequests === 0, `failed writes${refusals}`, figures);
  expect(writeResult.violations.length === 0, `the writer's ledger: ${writeResult.violations.slice(0, 5).join('; ')}`, figures);
  expect(writeResult.duplicated === 0, `${String(writeResult.duplicated)} events delivered twice`, figures);
  return figures;
}

export const rolloutRestart: Step = {
  name: 'rollout restart under load',
  proves: 'every Deployment restarted under writes: 0 failed requests, 0 lost or repeated events',
  run: () =>
    underLoad('rollout', async (figures) => {
      for (const service of SERVICES) {
        const started = Date.now();
        await kube(['rollout', 'restart', `deployment/${deployment(service)}`]);
        await rolloutStatus(service);
        figures[`${service}: rollout`] = `${seconds(Date.now() - started)} (from ${new Date(started).toISOString().slice(11, 19)})`;
      }
    }),
};
