/**
 * `kubectl rollout restart` of every Deployment, one after another, under reads and writes: no
 * request fails (preStop keeps a pod serving while its endpoints go, the kit drains before exit,
 * readiness holds new pods back until they serve, the PDB keeps one up), and no event is lost or
 * delivered twice.
 */
import { kube } from '../support/kubectl.ts';
import { deployment, rolloutStatus, SERVICES } from '../support/release.ts';
import { seconds, type Step } from '../support/steps.ts';
import { underLoad } from '../support/under-load.ts';

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
