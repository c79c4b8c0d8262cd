import { allReady, sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { seconds } from './infra-control.ts';

const SUCCEEDED = 'outcome="succeeded"';
/** A killed replica's leases run out after WEBHOOK_TIMEOUT_MS (5 s here) + 30 s; the survivor must have taken over by then. */
const TAKEOVER_LIMIT_MS = 60_000;

/**
 * `kill -9` of a webhook replica while deliveries are in flight (the receivers take 200 ms to
 * answer). The writers stay under what one send at a time per receiver can carry (about 2 batches
 * a second against 5 deliveries), so what is measured is the takeover, not a backlog.
 */
export async function webhookKill(context: FaultContext): Promise<Outcome> {
  const { cluster } = context;
  const writers = 4;
  const outcome = await underSteadyLoad(context, 'webhook-kill', { writers, size: 20, pauseMs: 400, receiverDelayMs: 200 }, async () => {
    const victim = cluster.replica('webhook-1');
    const survivorBefore = await cluster.metric('webhook-2', 'boardsync_webhook_delivery_attempts_total', SUCCEEDED);
    cluster.kill(victim.name);
    const killedAt = Date.now();
    let tookOverAfter: number | undefined;
    while (tookOverAfter === undefined && Date.now() - killedAt < TAKEOVER_LIMIT_MS) {
      if ((await cluster.metric('webhook-2', 'boardsync_webhook_delivery_attempts_total', SUCCEEDED)) > survivorBefore) tookOverAfter = Date.now() - killedAt;
      else await sleep(250);
    }
    while (cluster.replica(victim.name).pid === victim.pid) await sleep(200);
    await allReady(cluster);
    return {
      killed: [victim.name],
      observed: [
        tookOverAfter === undefined ? 'webhook-2 delivered nothing' : `webhook-2 delivering ${seconds(tookOverAfter)} after the kill`,
        `webhook-1 back and ready ${seconds(Date.now() - killedAt)} after it`,
      ],
      problems: tookOverAfter === undefined ? [`webhook-2 delivered nothing in the ${seconds(TAKEOVER_LIMIT_MS)} after webhook-1 was killed`] : [],
    };
  });
  // With DELIVERY_PER_ENDPOINT=1, at most one send per receiver was in flight in the killed replica.
  if (outcome.ledger.duplicated > writers)
    outcome.problems.push(`${String(outcome.ledger.duplicated)} deliveries arrived twice; only the ${String(writers)} in flight at the kill may`);
  return { ...outcome, passed: outcome.problems.length === 0 };
}
