// The error-budget burn alerts and the crash-loop alert of the rendered PrometheusRule, run by
// `promtool test rules` on series made for them: each fires on what it is for, at the severity its
// windows give, and stays quiet on a healthy month's traffic, slow uploads and another release's
// failures included. A wrong window, threshold, label or selector fails here, not at 3 a.m.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { AlertRule, RuleGroups } from '../support/monitoring-queries.ts';
import { promtoolOn } from './support/promtool.ts';
import { FIRST_RENDER_MS, NAMESPACE, RELEASE, releasePrepared, renderExample } from './support/render.ts';

afterAll(releasePrepared);

const MINUTES = 90;
/** A counter rising by `perMinute` every minute of the test, from 0. */
const rising = (perMinute: number): string => `0+${String(perMinute)}x${String(MINUTES)}`;
const labelText = (labels: Record<string, string>): string =>
  `{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(', ')}}`;

/** `promtool test rules` of one test case, its series one minute apart, the rules evaluated every minute. */
const testRules = (groups: RuleGroups, test: { input_series: unknown[]; alert_rule_test: unknown[] }): Promise<string> =>
  promtoolOn(groups, ['test', 'rules', 'tests.yaml'], {
    'tests.yaml': { rule_files: ['rules.yaml'], evaluation_interval: '1m', tests: [{ interval: '1m', ...test }] },
  });

const gatewayJob = `${RELEASE}-gateway-metrics`;
const webhookJob = `${RELEASE}-webhook-metrics`;

/** The gateway's request histogram for one route: `perMinute` requests, `goodPerMinute` of them within 2.5 s without a 5xx. */
function gatewayRequests(route: string, method: string, perMinute: number, goodPerMinute: number, job = gatewayJob) {
  const labels = { namespace: NAMESPACE, job, boardsync_service: 'gateway', method, route, status: '200' };
  const name = 'boardsync_http_request_duration_seconds';
  return [
    { series: `${name}_count${labelText(labels)}`, values: rising(perMinute) },
    { series: `${name}_bucket${labelText({ ...labels, le: '2.5' })}`, values: rising(goodPerMinute) },
  ];
}

/** First sends: `perMinute`, `inTimePerMinute` of them within 10 s of their write. */
function firstSends(perMinute: number, inTimePerMinute: number) {
  const labels = { namespace: NAMESPACE, job: webhookJob, boardsync_service: 'webhook' };
  const name = 'boardsync_webhook_change_to_send_seconds';
  return [
    { series: `${name}_count${labelText(labels)}`, values: rising(perMinute) },
    { series: `${name}_bucket${labelText({ ...labels, le: '10' })}`, values: rising(inTimePerMinute) },
  ];
}

describe('the budget-burn and crash-loop alerts, under promtool test rules', () => {
  let groups: RuleGroups;
  const rules = (): AlertRule[] => groups.groups.flatMap((group) => group.rules);
  /** The alert `name` at `severity` as promtool must see it fire: its labels, and its annotations (none templated). */
  const firing = (name: string, severity: string, labels: Record<string, string>) => {
    const rule = rules().find((candidate) => candidate.alert === name && candidate.labels?.severity === severity);
    return { exp_labels: { ...labels, ...rule?.labels }, exp_annotations: rule?.annotations ?? {} };
  };

  beforeAll(async () => {
    const [rule] = (await renderExample('large')).filter((object) => object.kind === 'PrometheusRule');
    groups = (rule?.spec ?? { groups: [] }) as RuleGroups;
  }, FIRST_RENDER_MS);

  test('fire when a fifth of the gateway’s requests and a quarter of first sends are bad, critical and warning both; a crash loop fires after 10 minutes', async () => {
    const crashing = { namespace: NAMESPACE, pod: `${RELEASE}-catalog-7d9f8b6c5d-x2x4q`, container: 'catalog' };
    // CrashLoopBackOff between restarts, running for a moment at each.
    const backOff = Array.from({ length: MINUTES }, (_, minute) => (minute % 3 === 0 ? '0' : '1')).join(' ');
    const budget = { namespace: NAMESPACE };
    const crashRule = rules().find((rule) => rule.alert === 'BoardsyncCrashLooping');
    const tests = {
      input_series: [
        ...gatewayRequests('/api/v1/projects', 'GET', 600, 480),
        ...firstSends(60, 45),
        { series: `kube_pod_container_status_waiting_reason${labelText({ ...crashing, reason: 'CrashLoopBackOff' })}`, values: backOff },
      ],
      alert_rule_test: [
        {
          eval_time: '75m',
          alertname: 'BoardsyncGatewayBudgetBurn',
          exp_alerts: [
            firing('BoardsyncGatewayBudgetBurn', 'critical', { ...budget, job: gatewayJob }),
            firing('BoardsyncGatewayBudgetBurn', 'warning', { ...budget, job: gatewayJob }),
          ],
        },
        {
          eval_time: '75m',
          alertname: 'BoardsyncDeliveryBudgetBurn',
          exp_alerts: [
            firing('BoardsyncDeliveryBudgetBurn', 'critical', { ...budget, job: webhookJob }),
            firing('BoardsyncDeliveryBudgetBurn', 'warning', { ...budget, job: webhookJob }),
          ],
        },
        { eval_time: '8m', alertname: 'BoardsyncCrashLooping', exp_alerts: [] },
        {
          eval_time: '30m',
          alertname: 'BoardsyncCrashLooping',
          exp_alerts: [
            {
              exp_labels: { ...crashing, ...crashRule?.labels },
              exp_annotations: {
                ...crashRule?.annotations,
                summary: `Pod ${crashing.pod} keeps crashing`,
                description: crashRule?.annotations?.description
                  ?.replace('{{ $labels.container }}', crashing.container)
                  .replace('{{ $labels.pod }}', crashing.pod),
              },
            },
          ],
        },
      ],
    };
    expect(await testRules(groups, tests)).toMatch(/SUCCESS/);
  });

  test('stay quiet on a healthy month: 0.5 % bad, slow uploads aside, another release’s gateway failing', async () => {
    const tests = {
      input_series: [
        ...gatewayRequests('/api/v1/projects', 'GET', 600, 597),
        // Uploads take as long as the designer's connection: every one over 2.5 s, none counted.
        ...gatewayRequests('/api/v1/projects/:project/assets', 'POST', 600, 0),
        ...gatewayRequests('/api/v1/projects/:project/assets/from-url', 'POST', 600, 0),
        ...gatewayRequests('/api/v1/projects/:project/assets', 'GET', 600, 600),
        ...gatewayRequests('/api/v1/projects', 'GET', 600, 0, 'other-gateway-metrics'),
        ...firstSends(60, 59.7),
        {
          series: `kube_pod_container_status_waiting_reason${labelText({ namespace: NAMESPACE, pod: `${RELEASE}-catalog-7d9f8b6c5d-x2x4q`, container: 'catalog', reason: 'ContainerCreating' })}`,
          values: rising(0),
        },
      ],
      alert_rule_test: ['BoardsyncGatewayBudgetBurn', 'BoardsyncDeliveryBudgetBurn', 'BoardsyncCrashLooping'].map((alertname) => ({
        eval_time: '75m',
        alertname,
        exp_alerts: [],
      })),
    };
    expect(await testRules(groups, tests)).toMatch(/SUCCESS/);
  });

  test('promtool test rules fails when an alert does not fire as expected (the tests above can fail)', async () => {
    const tests = {
      input_series: gatewayRequests('/api/v1/projects', 'GET', 600, 597),
      alert_rule_test: [
        {
          eval_time: '75m',
          alertname: 'BoardsyncGatewayBudgetBurn',
          exp_alerts: [firing('BoardsyncGatewayBudgetBurn', 'critical', { namespace: NAMESPACE, job: gatewayJob })],
        },
      ],
    };
    await expect(testRules(groups, tests)).rejects.toThrow(/refused/);
  });
});
