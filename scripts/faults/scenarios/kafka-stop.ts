import { sleep, underSteadyLoad, type FaultContext, type Outcome } from '../steady-load.ts';
import { infra, seconds } from './infra-control.ts';

/** The broker stopped for `outageMs`: writes keep succeeding (the outbox holds their events), and every event is delivered after. */
export async function kafkaStop(context: FaultContext): Promise<Outcome> {
  return underSteadyLoad(context, 'kafka-stop', { writers: 3, size: 20, pauseMs: 100 }, async (writers) => {
    const before = writers.map((writer) => writer.batches.length);
    infra('stop', 'kafka');
    const stoppedAt = Date.now();
    await sleep(context.durations.outageMs);
    const during = writers.reduce((sum, writer, index) => sum + writer.batches.length - (before[index] ?? 0), 0);
    infra('start', 'kafka');
    return {
      refusalsForbidden: true,
      observed: [`${String(during)} batches written in the ${seconds(Date.now() - stoppedAt)} without a broker`],
      problems: during > 0 ? [] : ['no batch was written while the broker was down'],
    };
  });
}
