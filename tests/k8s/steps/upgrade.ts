/**
 * `helm upgrade` to a new image tag carrying a new migration, then `helm rollback`, both under
 * reads and writes: the pre-upgrade hook applies the migration before any new pod serves, every
 * pod ends on the right tag, and the accounting is that of a rollout (0 failed, 0 lost, 0 repeated).
 */
import pg from 'pg';
import { infraServers } from '../../../scripts/cluster/servers.ts';
import { K8S } from '../../../scripts/k8s/kube.ts';
import { bashScript, kubeJson, nodeScript } from '../support/kubectl.ts';
import { deployment, SERVICES } from '../support/release.ts';
import { expect, seconds, type Step } from '../support/steps.ts';
import { underLoad } from '../support/under-load.ts';

export const UPGRADE_TAG = '0.1.1-rehearsal';

async function imagesInUse(): Promise<Set<string>> {
  const images = new Set<string>();
  for (const service of SERVICES) {
    const spec = (await kubeJson(['get', 'deployment', deployment(service)])) as { spec: { template: { spec: { containers: { image: string }[] } } } };
    for (const container of spec.spec.template.spec.containers) images.add(container.image.split(':').at(-1) ?? '');
  }
  return images;
}

async function upgradeMigrationApplied(): Promise<boolean> {
  const url = new URL(infraServers().databaseUrl);
  url.pathname = `/${K8S.prefix}_catalog`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return (await client.query<{ present: boolean }>("select to_regclass('rehearsal_upgrade') is not null as present")).rows[0]?.present === true;
  } finally {
    await client.end();
  }
}

export const upgradeAndRollback: Step = {
  name: 'helm upgrade and rollback under load',
  proves: 'a new tag with a new migration: hook first, pods roll, rollback to the old tag runs on the newer schema; 0 failed, 0 lost, 0 repeated',
  run: async () => {
    const previous = [...(await imagesInUse())];
    expect(previous.length === 1, `the release runs several tags: ${previous.join(', ')}`);
    const built = Date.now();
    await bashScript(['scripts/k8s/k8s.sh', 'upgrade-image', UPGRADE_TAG]);
    const buildTime = Date.now() - built;
    return underLoad('upgrade', async (figures) => {
      figures['images of the new tag built'] = seconds(buildTime);
      let started = Date.now();
      await nodeScript(['scripts/k8s/release.ts', 'upgrade', '--tag', UPGRADE_TAG]);
      figures['helm upgrade (hooks, then every Deployment)'] = seconds(Date.now() - started);
      expect(await upgradeMigrationApplied(), 'the new migration is not in the catalog database after the upgrade');
      expect([...(await imagesInUse())].join() === UPGRADE_TAG, `after the upgrade the Deployments run ${[...(await imagesInUse())].join(', ')}`);
      started = Date.now();
      await nodeScript(['scripts/k8s/release.ts', 'rollback']);
      figures['helm rollback'] = seconds(Date.now() - started);
      expect([...(await imagesInUse())].join() === previous[0], `after the rollback the Deployments run ${[...(await imagesInUse())].join(', ')}`);
    });
  },
};
