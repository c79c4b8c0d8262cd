import type { ClusterUnderTest, ReplicaRow } from '../harness/cluster-under-test.ts';
import { settle, summed, type Ledger } from '../harness/settle.ts';
import { Writer } from '../harness/writer.ts';
import type { FaultDurations } from './options.ts';

/** What one row of the table says. */
export interface Outcome {
  name: string;
  passed: boolean;
  /** What was seen: recovery times, retries, per-replica shares. */
  observed: string[];
  problems: string[];
  ledger: Ledger;
}

export interface FaultContext {
  cluster: ClusterUnderTest;
  durations: FaultDurations;
  say(line: string): void;
}

/** What a fault did, for the steady load's verdict. */
export interface Injected {
  /** Replicas the fault killed (the only ones allowed a new pid). */
  killed?: string[];
  observed?: string[];
  problems?: string[];
  /** Retried refusals during the fault that break a promise (e.g. writes during a Kafka outage). */
  refusalsForbidden?: boolean;
}

export interface LoadShape {
  writers: number;
  /** Cards per batch (500: the largest, docs/rules.md "Limits"). */
  size: number;
  pauseMs?: number;
  /** How long the receivers take to answer, to keep deliveries in flight. */
  receiverDelayMs?: number;
  /** How long events may take to arrive once the load stops. */
  settleMs?: number;
}

export const sleep = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Runs `inject` while writers write steadily, then keeps writing a little, stops, waits for the
 * events, and checks every promise: no acknowledged write lost, no batch half-applied, one event
 * per committed batch, and no replica restarted that the fault did not kill.
 */
export async function underSteadyLoad(
  context: FaultContext,
  name: string,
  shape: LoadShape,
  inject: (writers: readonly Writer[]) => Promise<Injected>,
): Promise<Outcome> {
  const { cluster, durations } = context;
  await allReady(cluster);
  const writers = await Promise.all(Array.from({ length: shape.writers }, (_, index) => Writer.create(cluster, `${name} ${String(index + 1)}`)));
  for (const writer of writers) writer.receiver.delayMs = shape.receiverDelayMs ?? 0;
  const before = cluster.replicas();
  const refusalsBefore = totalRefusals(writers);
  let injected: Injected;
  let refusedDuringFault: number;
  let ledger: Ledger;
  try {
    for (const writer of writers) writer.start({ size: shape.size, pauseMs: shape.pauseMs ?? 0 });
    await sleep(durations.warmupMs);
    injected = await inject(writers);
    refusedDuringFault = totalRefusals(writers) - refusalsBefore;
    await sleep(durations.afterMs);
    await Promise.all(writers.map((writer) => writer.stop()));
    ledger = summed(await Promise.all(writers.map((writer) => settle(writer, shape.settleMs ?? durations.settleMs))));
  } finally {
    // Even when the scenario failed: no writer of it goes on writing into the next one.
    await Promise.all(writers.map((writer) => writer.close()));
  }
  const problems = [...(injected.problems ?? []), ...ledger.violations, ...restartedUnasked(cluster, before, injected.killed ?? [])];
  if (ledger.unacknowledged > 0) problems.push(`${String(ledger.unacknowledged)} batches never acknowledged within the writer's retry window`);
  if (injected.refusalsForbidden && refusedDuringFault > 0) problems.push(`${String(refusedDuringFault)} writes refused during the fault`);
  const retried = writers.flatMap((writer) => writer.batches).filter((batch) => batch.tries > 1).length;
  const refusals = new Map<number, number>();
  for (const writer of writers) for (const [status, count] of writer.refusals) refusals.set(status, (refusals.get(status) ?? 0) + count);
  const answers = [...refusals].map(([status, count]) => `${status === 0 ? 'no answer' : String(status)} ×${String(count)}`).join(', ');
  const observed = [...(injected.observed ?? []), `${String(retried)} batches retried by the client${answers ? ` (answers retried: ${answers})` : ''}`];
  return { name, passed: problems.length === 0, observed, problems, ledger };
}

/** Every replica answers /readyz 200 (within 2 min): a fault starts from a healthy system. */
export async function allReady(cluster: ClusterUnderTest, waitMs = 120_000): Promise<number> {
  const started = Date.now();
  for (const deadline = started + waitMs; Date.now() < deadline;) {
    const codes = await Promise.all(cluster.replicas().map((replica) => cluster.readiness(replica.name)));
    if (codes.every((code) => code === 200)) return Date.now() - started;
    await sleep(500);
  }
  throw new Error(`not every replica was ready within ${String(waitMs / 1000)} s`);
}

function totalRefusals(writers: readonly Writer[]): number {
  return writers.reduce((sum, writer) => sum + [...writer.refusals.values()].reduce((a, b) => a + b, 0), 0);
}

function restartedUnasked(cluster: ClusterUnderTest, before: readonly ReplicaRow[], killed: readonly string[]): string[] {
  const now = new Map(cluster.replicas().map((replica) => [replica.name, replica.pid]));
  return before
    .filter((replica) => !killed.includes(replica.name) && now.get(replica.name) !== replica.pid)
    .map((replica) => `${replica.name} restarted though the fault did not touch it (see ${replica.log})`);
}
