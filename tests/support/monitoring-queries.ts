// The PromQL the chart's monitoring objects hold (charts/boardsync/monitoring/), and the metric
// names it reads: what tests/monitoring-rules.spec.ts checks against the services' own /metrics,
// and tests/deploy/monitoring.spec.ts against the rendered chart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const monitoringDir = fileURLToPath(new URL('../../charts/boardsync/monitoring/', import.meta.url));

/** Metrics the charts' queries read that no boardsync service serves, and who does. */
export const EXTERNAL_METRICS: Readonly<Record<string, string>> = {
  kube_pod_status_ready: 'kube-state-metrics',
  kube_pod_container_status_waiting_reason: 'kube-state-metrics',
};

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface RuleGroups {
  groups: { name: string; rules: AlertRule[] }[];
}

/** The alert rules as the chart's file holds them (placeholders in their selectors). */
export function alertRules(): RuleGroups {
  return parse(readFileSync(join(monitoringDir, 'alerts.yaml'), 'utf8')) as RuleGroups;
}

interface DashboardPanel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: DashboardPanel[];
}

interface Dashboard {
  panels: DashboardPanel[];
  templating?: { list: { query?: string | { query?: string } }[] };
}

export function dashboard(): Dashboard {
  return JSON.parse(readFileSync(join(monitoringDir, 'dashboard.json'), 'utf8')) as Dashboard;
}

/** Every query of a dashboard: its panels' targets and its variables' `label_values(<metric>, …)`. */
export function dashboardQueries(board: Dashboard): { where: string; expr: string }[] {
  const found: { where: string; expr: string }[] = [];
  const walk = (panels: readonly DashboardPanel[]): void => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) if (target.expr) found.push({ where: `panel "${panel.title ?? '?'}"`, expr: target.expr });
      walk(panel.panels ?? []);
    }
  };
  walk(board.panels);
  for (const variable of board.templating?.list ?? []) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const metric = query === undefined ? undefined : /label_values\(\s*([A-Za-z_:][\w:]*)/.exec(query)?.[1];
    if (metric) found.push({ where: `variable query "${query ?? ''}"`, expr: metric });
  }
  return found;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan', 'atan2']);

/**
 * The metric names a PromQL expression selects. Strings, label matchers `{…}`, ranges `[…]`,
 * grouping clauses (`by (…)`, `on (…)`, …), Grafana variables and numbers are set aside; of the
 * identifiers left, those called as functions or aggregations are not metrics, the rest are.
 */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(\d[\w.]*)|([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    const [, number, identifier, call] = match;
    if (number !== undefined || identifier === undefined || call !== undefined || KEYWORDS.has(identifier.toLowerCase())) continue;
    names.add(identifier);
  }
  return [...names];
}

/** The series names a `/metrics` text serves, from its `# TYPE` lines (a histogram serves `_bucket`, `_sum` and `_count`). */
export function servedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const [, name = '', type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name);
  }
  return names;
}

/** The names of `exprs` that neither `served` holds nor another exporter is known for, each with where it was. */
export function unknownMetrics(exprs: readonly { where: string; expr: string }[], served: ReadonlySet<string>): string[] {
  return exprs.flatMap(({ where, expr }) =>
    metricNames(expr)
      .filter((name) => !served.has(name) && EXTERNAL_METRICS[name] === undefined)
      .map((name) => `${where}: ${name}`),
  );
}

/** The alert rules' expressions, each named by its alert and severity. */
export function alertQueries(rules: RuleGroups): { where: string; expr: string }[] {
  return rules.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert} (${rule.labels?.severity ?? '?'})`, expr: rule.expr })));
}
