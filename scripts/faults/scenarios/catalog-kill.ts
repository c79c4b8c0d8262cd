import { allReady, sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { seconds } from './infra-control.ts';

/** `kill -9` of a catalog replica while 500-row batches are being written through it. */
export async function catalogKill(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  return underSteadyLoad(context, 'catalog-kill', { writers: 3, size: 500 }, async () => {
    const victim = cluster.replica('catalog-1');
    cluster.kill(victim.name);
    const killedAt = Date.now();
    // As a kubelet would, start:cluster starts it again; the fault is over when it is ready.
    while (cluster.replica(victim.name).pid === victim.pid) await sleep(200);
    await allReady(cluster);
    return { killed: [victim.name], observed: [`catalog-1 (pid ${String(victim.pid)}) back and ready after ${seconds(Date.now() - killedAt)}`] };
  });
}
