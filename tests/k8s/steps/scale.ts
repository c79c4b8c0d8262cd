/**
 * Each service scaled out alone with `kubectl scale`, under reads and writes: the new pod takes a
 * share of the work (its own /metrics count requests it answered), then back to one pod without a
 * failed request.
 */
import { deployment, eventually, metricSum, podMetrics, pods, readyPods, rolloutStatus, scale, SERVICES, type Pod } from '../support/release.ts';
import { WriteLoad } from '../support/load.ts';
import { ReadTraffic } from '../support/traffic.ts';
import { expect, seconds, type Figures, type Step } from '../support/steps.ts';

const answered = async (pod: Pod): Promise<number> => metricSum(await podMetrics(pod), 'http_request_duration_seconds_count');

export const scaleEachService: Step = {
  name: 'scale each service alone',
  proves: 'kubectl scale to 2: the new pod answers its share; back to 1 with no failed request',
  run: async () => {
    const figures: Figures = {};
    const load = await WriteLoad.start('scale');
    const reads = await ReadTraffic.start();
    try {
      for (const service of SERVICES) {
        const [first] = await readyPods(service);
        expect(first !== undefined, `${service} has no Ready pod`);
        const started = Date.now();
        await scale(service, 2);
        await rolloutStatus(service);
        const second = await eventually(`a second Ready ${service} pod`, 120_000, async () =>
          (await readyPods(service)).find((pod) => pod.name !== first.name),
        );
        figures[`${service}: scale 1 → 2 Ready`] = seconds(Date.now() - started);
        const before = await answered(second);
        const ready = Date.now();
        await eventually(`the new ${service} pod to answer requests`, 60_000, async () => ((await answered(second)) - before >= 5 ? true : undefined));
        figures[`${service}: Ready → the new pod answered 5 requests`] = seconds(Date.now() - ready);
        await scale(service, 1);
        await eventually(`${deployment(service)} back to one pod`, 120_000, async () =>
          (await pods(service)).length === 1 && (await readyPods(service)).length === 1 ? true : undefined,
        );
      }
    } finally {
      const readResult = await reads.stop();
      const refusals = load.refusalsText();
      const writeResult = await load.stop();
      Object.assign(figures, WriteLoad.figures(writeResult, refusals), {
        'reads (failed)': `${String(readResult.requests)} (${String(readResult.failures.length)})`,
      });
      expect(readResult.failures.length === 0, `failed reads while scaling: ${readResult.failures.slice(0, 5).join('; ')}`);
      expect(writeResult.failedRequests === 0, `failed writes while scaling${refusals}`);
      expect(writeResult.violations.length === 0, `the writer's ledger: ${writeResult.violations.slice(0, 5).join('; ')}`);
    }
    return figures;
  },
};
