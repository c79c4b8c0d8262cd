/**
 * tests/e2e/design-tool-sync.spec.ts, unchanged, against the release: a design tool's whole sync
 * through the gateway's edge, its webhook receiver and artwork server on the host where the pods
 * may reach them (the node's address, the ports the rehearsal's NetworkPolicy admits).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { K8S } from '../../../scripts/k8s/kube.ts';
import { adminToken, adminUrl } from '../support/release.ts';
import { expect, type Step } from '../support/steps.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const designToolSync: Step = {
  name: 'design-tool sync',
  proves: 'the e2e sync (2,000 cards, artwork, OAuth, webhooks) passes through the gateway Service against the pods',
  run: async () => {
    const adminOrigin = await adminUrl();
    const run = spawnSync('bash', ['scripts/jest.sh', '--selectProjects', 'integration', '--runInBand', 'tests/e2e/design-tool-sync.spec.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        BOARDSYNC_GATEWAY_URL: K8S.gatewayUrl,
        BOARDSYNC_ADMIN_URL: adminOrigin,
        BOARDSYNC_ADMIN_TOKEN: adminToken(),
        BOARDSYNC_CALLBACK_HOST: K8S.nodeIp,
        BOARDSYNC_CALLBACK_PORTS: K8S.callbackPorts,
      },
    });
    expect(run.status === 0, `tests/e2e/design-tool-sync.spec.ts failed against the release (exit ${String(run.status)})`);
    return {};
  },
};
