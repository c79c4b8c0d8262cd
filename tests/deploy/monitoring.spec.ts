// The umbrella chart's monitoring objects (charts/boardsync/monitoring/): off by default; when on, a
// PrometheusRule that promtool accepts, scoped to this release, each alert with a severity and a
// runbook in docs/operations.md; and the Grafana dashboard in a ConfigMap the sidecar finds. That
// every metric they read exists is tests/monitoring-rules.spec.ts's (it needs the services running).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { dashboardQueries, metricNames, type RuleGroups } from '../support/monitoring-queries.ts';
import { promtoolOn } from './support/promtool.ts';
import { FIRST_RENDER_MS, NAMESPACE, RELEASE, releasePrepared, renderExample, renderUmbrella, repoRoot, type K8sObject } from './support/render.ts';

afterAll(releasePrepared);

/** `promtool check rules` on a rule file; resolves with its output, rejects with it when promtool refuses. */
const checkRules = (groups: RuleGroups): Promise<string> => promtoolOn(groups, ['check', 'rules', 'rules.yaml']);

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const guideAnchors = (): Set<string> =>
  new Set([...readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = '']) => slug(heading)));

const ofKind = (objects: readonly K8sObject[], kind: string): K8sObject[] => objects.filter((object) => object.kind === kind);
const dashboardMap = (objects: readonly K8sObject[]): (K8sObject & { data?: Record<string, string> }) | undefined =>
  objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === `${RELEASE}-dashboard`);

describe('off by default', () => {
  test(
    'the small example (no monitoring values) renders no PrometheusRule and no dashboard',
    async () => {
      const objects = await renderExample('small');
      expect(ofKind(objects, 'PrometheusRule')).toEqual([]);
      expect(dashboardMap(objects)).toBeUndefined();
    },
    FIRST_RENDER_MS,
  );
});

describe('the large example: alerts and dashboard on', () => {
  let objects: K8sObject[] = [];
  let groups: RuleGroups;
  beforeAll(async () => {
    objects = await renderExample('large');
    const [rule] = ofKind(objects, 'PrometheusRule');
    groups = (rule?.spec ?? { groups: [] }) as RuleGroups;
  }, FIRST_RENDER_MS);
  const alerts = () => groups.groups.flatMap((group) => group.rules);

  test('one PrometheusRule, labelled for the Prometheus that selects it, holding the eight alerts', () => {
    const rules = ofKind(objects, 'PrometheusRule');
    expect(rules.map((rule) => [rule.metadata.name, rule.metadata.namespace, rule.metadata.labels?.release])).toEqual([
      [`${RELEASE}-alerts`, NAMESPACE, 'prometheus'],
    ]);
    expect([...new Set(alerts().map((rule) => rule.alert))].sort()).toEqual([
      'BoardsyncConsumerLag',
      'BoardsyncCrashLooping',
      'BoardsyncDeliveryBacklog',
      'BoardsyncDeliveryBudgetBurn',
      'BoardsyncErrorRatio',
      'BoardsyncGatewayBudgetBurn',
      'BoardsyncOutboxStalled',
      'BoardsyncReadinessFlapping',
    ]);
  });

  test('promtool check rules accepts the rendered rules', async () => {
    expect(await checkRules(groups)).toMatch(/SUCCESS: \d+ rules found/);
  });

  test('promtool refuses a broken expression (the check above can fail)', async () => {
    const broken: RuleGroups = {
      groups: [{ name: 'broken', rules: [{ alert: 'Broken', expr: 'max by (job) (boardsync_outbox_oldest_pending_seconds{job=~"x"} > ' }] }],
    };
    await expect(checkRules(broken)).rejects.toThrow(/refused/);
  });

  test("every selector is scoped to this release's namespace, and to its -metrics jobs or its server pods", () => {
    const unscoped = alerts().flatMap((rule) =>
      [...rule.expr.matchAll(/\{([^}]*)\}/g)]
        .map(([, matchers = '']) => matchers)
        .filter(
          (matchers) =>
            !matchers.includes(`namespace="${NAMESPACE}"`) ||
            !(
              matchers.includes(`job=~"${RELEASE}-(gateway|auth|catalog|asset|webhook)-metrics"`) ||
              matchers.includes(`pod=~"${RELEASE}-(gateway|auth|catalog|asset|webhook)-`)
            ),
        )
        .map((matchers) => `${rule.alert}: {${matchers}}`),
    );
    expect(unscoped).toEqual([]);
  });

  test('every alert has a severity, the alert labels of the values, a summary, and a runbook_url to its own section of docs/operations.md', () => {
    const anchors = guideAnchors();
    const problems = alerts().flatMap((rule) => {
      const found: string[] = [];
      if (!['warning', 'critical'].includes(rule.labels?.severity ?? '')) found.push(`${rule.alert}: severity ${String(rule.labels?.severity)}`);
      if (rule.labels?.team !== 'boardsync') found.push(`${rule.alert}: no team label from monitoring.prometheusRule.alertLabels`);
      if (!rule.annotations?.summary) found.push(`${rule.alert}: no summary`);
      const url = rule.annotations?.runbook_url ?? '';
      const [base, anchor = ''] = url.split('#');
      if (base !== 'https://github.com/boardsync/boardsync/blob/main/docs/operations.md') found.push(`${rule.alert}: runbook_url ${url}`);
      if (anchor !== rule.alert.toLowerCase() || !anchors.has(anchor)) found.push(`${rule.alert}: no heading in docs/operations.md for #${anchor}`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  test('the dashboard ConfigMap carries the sidecar label and a dashboard whose every query reads a metric', () => {
    const map = dashboardMap(objects);
    expect(map?.metadata.labels?.grafana_dashboard).toBe('1');
    expect(map?.metadata.annotations?.grafana_folder).toBe('boardsync');
    const board = JSON.parse(map?.data?.['boardsync.json'] ?? '{}') as Parameters<typeof dashboardQueries>[0];
    expect(board).toMatchObject({ uid: 'boardsync', title: 'boardsync' });
    const queries = dashboardQueries(board);
    expect(queries.length).toBeGreaterThan(10);
    expect(queries.filter(({ expr }) => metricNames(expr).length === 0)).toEqual([]);
  });

  test(
    'runbookBaseUrl and alertLabels are taken as given; a rule keeps its own severity',
    async () => {
      const { objects: custom } = await renderUmbrella({
        set: [
          'monitoring.prometheusRule.enabled=true',
          'monitoring.prometheusRule.runbookBaseUrl=https://wiki.example.com/ops',
          'monitoring.prometheusRule.alertLabels.severity=page',
        ],
      });
      const [rule] = ofKind(custom, 'PrometheusRule');
      const rendered = ((rule?.spec ?? { groups: [] }) as RuleGroups).groups.flatMap((group) => group.rules);
      expect(rendered.length).toBeGreaterThan(0);
      for (const alert of rendered) {
        expect(alert.annotations?.runbook_url).toBe(`https://wiki.example.com/ops#${alert.alert.toLowerCase()}`);
        expect(['warning', 'critical']).toContain(alert.labels?.severity);
      }
    },
    FIRST_RENDER_MS,
  );
});
