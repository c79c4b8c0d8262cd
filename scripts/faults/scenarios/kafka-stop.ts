import type { Writer } from '../../harness/writer.ts';
import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

const BACKLOG_LIMIT_MS = 120_000;

const acknowledged = (writers: readonly Writer[]): number =>
  writers.reduce((sum, writer) => sum + writer.batches.filter((batch) => batch.acknowledged).length, 0);
const arrived = (writers: readonly Writer[]): number => writers.reduce((sum, writer) => sum + writer.receiver.unique().length, 0);

/** The broker stopped for `outageMs`: writes keep succeeding (the outbox holds their events), and every event is delivered after. */
export async function kafkaStop(context: FaultContext): Promise<Outcome> {
  return underSteadyLoad(context, 'kafka-stop', { writers: 3, size: 20, pauseMs: 100 }, async (writers) => {
    const before = acknowledged(writers);
    infra('stop', 'kafka');
    const stoppedAt = Date.now();
    await sleep(context.durations.outageMs);
    const during = acknowledged(writers) - before;
    infra('start', 'kafka');
    const startedAt = Date.now();
    // Everything acknowledged until the broker was back has been announced: the outbox's backlog is through.
    const backlog = acknowledged(writers);
    while (arrived(writers) < backlog && Date.now() - startedAt < BACKLOG_LIMIT_MS) await sleep(250);
    const drained = arrived(writers) >= backlog;
    return {
      refusalsForbidden: true,
      observed: [
        `${String(during)} batches acknowledged in the ${seconds(startedAt - stoppedAt)} without a broker`,
        drained ? `their events all delivered ${seconds(Date.now() - startedAt)} after it was back` : 'backlog not delivered',
      ],
      problems: [
        ...(during > 0 ? [] : ['no batch was written while the broker was down']),
        ...(drained ? [] : [`the outbox backlog was not delivered within ${seconds(BACKLOG_LIMIT_MS)} of the broker's return`]),
      ],
    };
  });
}
