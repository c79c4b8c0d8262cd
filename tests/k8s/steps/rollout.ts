/**
 * `kubectl rollout restart` of every Deployment, one after another, under reads and writes: no
 * request fails (preStop keeps a pod serving while its endpoints go, the kit drains before exit,
 * readiness holds new pods back until they serve, the PDB keeps one up), and no event is lost or
 * delivered twice. A tool follows the changes feed as a stream meanwhile: cut by each gateway and
 * catalog pod that goes, it resumes from its last event, and every acknowledged card reaches it.
 */
import { kube } from '../support/kubectl.ts';
import { deployment, rolloutStatus, SERVICES } from '../support/release.ts';
import { expect, seconds, type Step } from '../support/steps.ts';
import { underLoad } from '../support/under-load.ts';

export const rolloutRestart: Step = {
  name: 'rollout restart under load',
  proves: 'every Deployment restarted under writes: 0 failed requests, 0 lost or repeated events; a changes stream resumes through it and misses nothing',
  run: () =>
    underLoad('rollout', async (figures, load) => {
      const following = await load.followChanges();
      for (const service of SERVICES) {
        const started = Date.now();
        await kube(['rollout', 'restart', `deployment/${deployment(service)}`]);
        await rolloutStatus(service);
        figures[`${service}: rollout`] = `${seconds(Date.now() - started)} (from ${new Date(started).toISOString().slice(11, 19)})`;
      }
      const followed = await following.check(60_000);
      // Resumed: cut by each gateway and catalog pod that went, and at the server's 60 s end of each stream.
      figures['changes stream: received, missing, resumed'] = `${String(followed.received)}, ${String(followed.missing)}, ${String(followed.reconnects)}`;
      expect(followed.missing === 0, `${String(followed.missing)} acknowledged cards never reached the changes stream`, figures);
    }),
};
