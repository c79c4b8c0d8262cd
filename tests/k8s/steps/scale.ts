/**
 * Each service scaled out alone with `kubectl scale`, under reads and writes: the new pod takes a
 * share of the work (its own /metrics count requests it answered), then back to one pod without a
 * failed request.
 */
import { deployment, eventually, metricSum, podMetrics, pods, readyPods, rolloutStatus, scale, SERVICES, type Pod } from '../support/release.ts';
import { expect, seconds, type Step } from '../support/steps.ts';
import { underLoad } from '../support/under-load.ts';

const answered = async (pod: Pod): Promise<number> => metricSum(await podMetrics(pod), 'boardsync_http_request_duration_seconds_count');

export const scaleEachService: Step = {
  name: 'scale each service alone',
  proves: 'kubectl scale to 2: the new pod answers its share; back to 1 with no failed request',
  run: () =>
    underLoad('scale', async (figures) => {
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
    }),
};
