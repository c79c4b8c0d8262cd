import type { ClusterUnderTest } from '../../harness/cluster-under-test.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';

/** Each replica of `service`'s value of `metric` now. */
async function shares(cluster: ClusterUnderTest, service: string, metric: string, labels = ''): Promise<Map<string, number>> {
  const replicas = cluster.replicas().filter((replica) => replica.service === service);
  return new Map(await Promise.all(replicas.map(async (replica) => [replica.name, await cluster.metric(replica.name, metric, labels)] as const)));
}

const grew = (before: Map<string, number>, after: Map<string, number>): [string, number][] =>
  [...after].map(([name, value]) => [name, value - (before.get(name) ?? 0)]);

/**
 * Scaling out, with no fault: two replicas of every service, several tools writing at once. Every
 * event arrives exactly once and in its project's order, and both catalog relays and both webhook
 * workers take part.
 */
export async function scaleOut(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  let relays: [string, number][] = [];
  let workers: [string, number][] = [];
  const outcome = await underSteadyLoad(context, 'scale-out', { writers: 6, size: 20, pauseMs: 100 }, async () => {
    const relaysBefore = await shares(cluster, 'catalog', 'boardsync_outbox_published_total');
    const workersBefore = await shares(cluster, 'webhook', 'boardsync_webhook_delivery_attempts_total', 'outcome="succeeded"');
    await sleep(context.durations.outageMs);
    relays = grew(relaysBefore, await shares(cluster, 'catalog', 'boardsync_outbox_published_total'));
    workers = grew(workersBefore, await shares(cluster, 'webhook', 'boardsync_webhook_delivery_attempts_total', 'outcome="succeeded"'));
    return {
      refusalsForbidden: true,
      observed: [
        `events published per catalog relay: ${relays.map(([name, value]) => `${name} ${String(value)}`).join(', ')}`,
        `deliveries per webhook worker: ${workers.map(([name, value]) => `${name} ${String(value)}`).join(', ')}`,
      ],
      problems: [
        ...relays.filter(([, value]) => value === 0).map(([name]) => `${name}'s relay published nothing`),
        ...workers.filter(([, value]) => value === 0).map(([name]) => `${name} delivered nothing`),
      ],
    };
  });
  if (outcome.ledger.duplicated > 0) outcome.problems.push(`${String(outcome.ledger.duplicated)} deliveries arrived twice with no fault`);
  if (outcome.ledger.outOfOrder > 0) outcome.problems.push(`${String(outcome.ledger.outOfOrder)} events arrived out of their project's order`);
  return { ...outcome, passed: outcome.problems.length === 0 };
}
