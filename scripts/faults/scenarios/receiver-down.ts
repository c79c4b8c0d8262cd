import { unwrap } from '@boardsync/client';
import { settle } from '../../harness/settle.ts';
import { Writer } from '../../harness/writer.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { seconds } from './infra-control.ts';

/** How far an attempt may come after its scheduled time: the worker's idle poll, the claim, a loaded machine. */
const LATE_BY_MS = 5_000;
const EARLY_BY_MS = 250;
const BATCHES = 3;

/**
 * A tool's receiver gone (connections refused) for `receiverDownMs`, then back, while others keep
 * writing: its deliveries are retried on the schedule and each arrives once it is back; it is not
 * deactivated (3 deliveries × 3 failed attempts stay under the 15 failures in a row).
 */
export async function receiverDown(context: FaultContext): Promise<Outcome> {
  const { cluster, durations } = context;
  let gone: Writer | undefined;
  const outcome = await underSteadyLoad(context, 'receiver-down', { writers: 2, size: 20, pauseMs: 200 }, async () => {
    const writer = await Writer.create(cluster, 'receiver-down');
    gone = writer;
    // One event through first: its project's partition is being fanned out (after a replica was
    // killed, Kafka may hold a partition for the session timeout), so what follows tests the retries.
    await writer.write(5);
    for (const deadline = Date.now() + 60_000; writer.receiver.unique().length === 0 && Date.now() < deadline;) await sleep(250);
    if (writer.receiver.unique().length === 0) return { problems: ["the webhook's first event did not arrive within 60 s, before the receiver went down"] };
    await writer.receiver.down();
    const downAt = Date.now();
    for (let batch = 0; batch < BATCHES; batch += 1) {
      await writer.write(5);
      await sleep(1_000);
    }
    await sleep(Math.max(0, durations.receiverDownMs - (Date.now() - downAt)));
    await writer.receiver.up();
    const upAt = Date.now();
    const schedule = durations.retryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    const problems: string[] = [];
    const deliveries = (await settledDeliveries(writer, BATCHES + 1, schedule + 60_000)).filter((delivery) => !firstOf(writer, delivery));
    for (const delivery of deliveries) problems.push(...offSchedule(delivery, durations.retryDelaysMs));
    if (deliveries.length !== BATCHES) problems.push(`${String(deliveries.length)} of the ${String(BATCHES)} deliveries made while it was down settled`);
    const webhooks = unwrap(await writer.client.api.GET('/api/v1/webhooks')).data;
    if (!webhooks.find((webhook) => webhook.id === writer.webhookId)?.is_active) problems.push('the webhook was deactivated');
    const ledger = await settle(writer, 10_000);
    problems.push(...ledger.violations);
    const lastArrival = Math.max(...writer.receiver.arrivals.map((arrival) => arrival.at));
    return {
      observed: [
        `receiver down ${seconds(upAt - downAt)}; attempts per delivery ${deliveries.map((delivery) => String(delivery.attempt_log.length)).join(', ')}`,
        `all ${String(writer.receiver.unique().length)} events arrived ${seconds(lastArrival - upAt)} after it came back`,
      ],
      problems,
    };
  });
  await gone?.close();
  return outcome;
}

/** The delivery of the event that went through before the receiver went down. */
const firstOf = (writer: Writer, delivery: DeliveryDetail): boolean => writer.receiver.unique()[0]?.id === delivery.id;

interface DeliveryDetail {
  id: string;
  status: string;
  attempt_log: { attempted_at: string; status: number | null; error_class: string | null }[];
}

/** The writer's webhook's deliveries once all `count` have settled (or `waitMs` passed), with their attempts. */
async function settledDeliveries(writer: Writer, count: number, waitMs: number): Promise<DeliveryDetail[]> {
  const path = { webhook: writer.webhookId };
  for (const deadline = Date.now() + waitMs; ;) {
    const listed = unwrap(await writer.client.api.GET('/api/v1/webhooks/{webhook}/deliveries', { params: { path } })).data;
    const done = listed.length >= count && listed.every((delivery) => delivery.status !== 'pending');
    if (done || Date.now() > deadline) {
      return Promise.all(
        listed.map(
          async (delivery) =>
            unwrap(await writer.client.api.GET('/api/v1/webhooks/{webhook}/deliveries/{delivery}', { params: { path: { ...path, delivery: delivery.id } } }))
              .data as DeliveryDetail,
        ),
      );
    }
    await sleep(1_000);
  }
}

/** What is wrong with one delivery's attempts: not succeeded in the end, or an attempt off the schedule. */
function offSchedule(delivery: DeliveryDetail, delaysMs: readonly number[]): string[] {
  const problems: string[] = [];
  const times = delivery.attempt_log.map((attempt) => Date.parse(attempt.attempted_at));
  if (delivery.status !== 'succeeded') problems.push(`delivery ${delivery.id} ended ${delivery.status}`);
  // Sent while the receiver was gone, each is refused once per scheduled wait, then delivered.
  if (times.length !== delaysMs.length + 1) problems.push(`delivery ${delivery.id} took ${String(times.length)} attempts, not ${String(delaysMs.length + 1)}`);
  for (let index = 1; index < times.length; index += 1) {
    const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
    const planned = delaysMs[index - 1] ?? Number.NaN;
    if (!(gap >= planned - EARLY_BY_MS && gap <= planned + LATE_BY_MS))
      problems.push(`delivery ${delivery.id}: attempt ${String(index + 1)} came ${seconds(gap)} after the one before, not ${seconds(planned)}`);
  }
  return problems;
}
