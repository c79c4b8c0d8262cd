import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

/**
 * Postgres stopped for `outageMs` and started again: every service reconnects by itself, each
 * replica's readiness reports the outage and then the recovery, and writes refused meanwhile are
 * retried by the client and land.
 */
export async function postgresRestart(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  return underSteadyLoad(context, 'postgres-restart', { writers: 3, size: 20, pauseMs: 100 }, async () => {
    const databaseReplicas = cluster.replicas().filter((replica) => replica.service !== 'gateway');
    const reportedDown = new Set<string>();
    infra('stop', 'postgres');
    const stoppedAt = Date.now();
    while (Date.now() - stoppedAt < context.durations.outageMs) {
      const codes = await Promise.all(databaseReplicas.map((replica) => cluster.readiness(replica.name)));
      codes.forEach((code, index) => code !== 200 && reportedDown.add(databaseReplicas[index]?.name ?? ''));
      await sleep(500);
    }
    infra('start', 'postgres');
    const startedAt = Date.now();
    const pending = new Set(databaseReplicas.map((replica) => replica.name));
    while (pending.size > 0 && Date.now() - startedAt < 90_000) {
      for (const name of pending) if ((await cluster.readiness(name)) === 200) pending.delete(name);
      if (pending.size > 0) await sleep(500);
    }
    const silent = databaseReplicas.filter((replica) => !reportedDown.has(replica.name)).map((replica) => replica.name);
    return {
      observed: [
        `readiness said not ready on ${String(reportedDown.size)}/${String(databaseReplicas.length)} replicas during the outage`,
        pending.size === 0 ? `all ready again ${seconds(Date.now() - startedAt)} after Postgres started` : `still not ready: ${[...pending].join(', ')}`,
      ],
      problems: [
        ...(silent.length > 0 ? [`readiness never reported the outage on ${silent.join(', ')}`] : []),
        ...(pending.size > 0 ? [`not ready 90 s after Postgres came back: ${[...pending].join(', ')}`] : []),
      ],
    };
  });
}
