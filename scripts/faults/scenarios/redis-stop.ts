import type { ClusterUnderTest } from '../../harness/cluster-under-test.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

const FALLBACK = 'boardsync_gateway_rate_limit_fallback_total';

async function fallbacks(cluster: ClusterUnderTest): Promise<number> {
  const gateways = cluster.replicas().filter((replica) => replica.service === 'gateway');
  const counts = await Promise.all(gateways.map((replica) => cluster.metric(replica.name, FALLBACK)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Redis stopped for `outageMs`. The gateway's documented behaviour (docs/operations.md): rate
 * limits are counted in each replica's memory until Redis is back, so requests go on being served
 * (an outage of the limiter's store must not become an outage of the API); then it counts in Redis
 * again by itself.
 */
export async function redisStop(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  return underSteadyLoad(context, 'redis-stop', { writers: 3, size: 20, pauseMs: 100 }, async () => {
    const before = await fallbacks(cluster);
    infra('stop', 'redis');
    await sleep(context.durations.outageMs);
    const during = (await fallbacks(cluster)) - before;
    infra('start', 'redis');
    const startedAt = Date.now();
    // Back on Redis once the fallback count stops growing for 3 s.
    let recoveredAfter: number | undefined;
    for (let last = await fallbacks(cluster); Date.now() - startedAt < 60_000;) {
      await sleep(3_000);
      const now = await fallbacks(cluster);
      if (now === last) {
        recoveredAfter = Date.now() - startedAt - 3_000;
        break;
      }
      last = now;
    }
    return {
      refusalsForbidden: true,
      observed: [
        `${String(during)} rate-limit checks counted in gateway memory during the outage`,
        recoveredAfter === undefined ? 'still counting in memory 60 s later' : `counting in Redis again within ${seconds(Math.max(0, recoveredAfter))}`,
      ],
      problems: [
        ...(during > 0 ? [] : ['the gateways never fell back to memory (was Redis really stopped?)']),
        ...(recoveredAfter === undefined ? ['the gateways did not go back to Redis within 60 s'] : []),
      ],
    };
  });
}
