/**
 * Readiness follows the dependencies a pod cannot serve without. The host's Postgres stopped: the
 * four database services' pods leave their Services (not Ready), and come back once it is up. The
 * host's Kafka stopped: every pod stays Ready (its `/readyz` says `degraded`), by design: events
 * wait in the outbox, and a broker outage must not become an API outage (services/kit/src/http/health.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { K8S } from '../../../scripts/k8s/kube.ts';
import { eventually, pods, SERVICES, type Pod, type Service } from '../support/release.ts';
import { expect, seconds, type Step } from '../support/steps.ts';

const INFRA = fileURLToPath(new URL('../../../scripts/infra', import.meta.url));
const DATABASE_SERVICES: Service[] = ['auth', 'catalog', 'asset', 'webhook'];

function infra(action: 'stop' | 'start', server: 'postgres' | 'kafka'): void {
  const run = spawnSync('bash', [INFRA, action, server], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`scripts/infra ${action} ${server} exited ${String(run.status)}`);
}

const everyPod = async (services: readonly Service[], test: (pod: Pod) => boolean): Promise<boolean> =>
  (await Promise.all(services.map(async (service) => (await pods(service)).every(test)))).every(Boolean);
const allReady = (services: readonly Service[]): Promise<boolean> => everyPod(services, (pod) => pod.ready);
const noneReady = (services: readonly Service[]): Promise<boolean> => everyPod(services, (pod) => !pod.ready);

export const readiness: Step = {
  name: 'readiness follows dependencies',
  proves: 'Postgres down: the database services leave their Services and come back; Kafka down: pods stay Ready, /readyz degraded',
  run: async () => {
    const stopped = Date.now();
    infra('stop', 'postgres');
    let notReadyAfter = 0;
    try {
      await eventually('the database services to go not Ready', 90_000, async () => ((await noneReady(DATABASE_SERVICES)) ? true : undefined));
      notReadyAfter = Date.now() - stopped;
      expect(await allReady(['gateway']), 'the gateway (no database) went not Ready with Postgres');
    } finally {
      infra('start', 'postgres');
    }
    const started = Date.now();
    await eventually('every pod Ready again', 120_000, async () => ((await allReady(SERVICES)) ? true : undefined));
    const readyAgainAfter = Date.now() - started;

    infra('stop', 'kafka');
    let degraded = '';
    try {
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      expect(await allReady(SERVICES), 'a pod went not Ready while only Kafka was down');
      const response = await fetch(`${K8S.gatewayUrl}/readyz`);
      degraded = ((await response.json()) as { status: string }).status;
      expect(response.status === 200 && degraded === 'degraded', `the gateway's /readyz answered ${String(response.status)} ${degraded} with Kafka down`);
    } finally {
      infra('start', 'kafka');
    }
    await eventually('/readyz ok again', 120_000, async () => {
      const body = (await (await fetch(`${K8S.gatewayUrl}/readyz`)).json()) as { status: string };
      return body.status === 'ok' ? true : undefined;
    });
    return {
      'Postgres stopped → database pods not Ready': seconds(notReadyAfter),
      'Postgres started → every pod Ready': seconds(readyAgainAfter),
      'Kafka stopped: pods Ready, gateway /readyz': degraded,
    };
  },
};
