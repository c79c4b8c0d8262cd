import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RunningSystem } from './support/running-system.ts';
import { SERVICES, type Service } from './support/standalone-env.ts';
import { alertQueries, alertRules, dashboard, dashboardQueries, servedNames, unknownMetrics } from './support/monitoring-queries.ts';

// The alerts and the dashboard of the umbrella chart (charts/boardsync/monitoring/) read
// only metrics that exist. The five services run as in production (node src/main.ts on Postgres,
// Kafka, Redis, MinIO) and are scraped the way Prometheus scrapes a pod; a name they do not serve
// (a typo, a renamed metric) fails here, unless another exporter is known to serve it.
const system = new RunningSystem();
const exposition = new Map<Service, string>();
let served: Set<string>;

beforeAll(async () => {
  await system.start();
  for (const service of SERVICES) exposition.set(service, await system.metrics(service));
  served = new Set([...exposition.values()].flatMap((text) => [...servedNames(text)]));
}, 180_000);
afterAll(() => system.stop());

/** The metric names (as declared by `# TYPE`) docs/operations.md's table lists under "Metrics that exist". */
function documentedMetrics(): Set<string> {
  const guide = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');
  const start = guide.indexOf('### Metrics that exist');
  const section = guide.slice(start, guide.indexOf('\n### ', start + 1));
  return new Set([...section.matchAll(/^\| `([a-z_:][a-z0-9_:]*)`/gm)].map(([, name = '']) => name));
}

describe("the chart's monitoring reads metrics the services serve", () => {
  it('every metric an alert rule reads', () => {
    expect(unknownMetrics(alertQueries(alertRules()), served)).toEqual([]);
  });

  it('every metric a dashboard query reads', () => {
    expect(unknownMetrics(dashboardQueries(dashboard()), served)).toEqual([]);
  });

  it('finds a name no service serves: a misspelt metric in a rule fails the check', () => {
    const typo = { where: 'alert Typo', expr: 'max by (namespace, job) (outbox_oldest_pending_secs{__METRICS__}) > 60 and on (job) up' };
    expect(unknownMetrics([typo], served)).toEqual(['alert Typo: outbox_oldest_pending_secs', 'alert Typo: up']);
  });
});

describe('docs/operations.md lists the metrics as served', () => {
  const declared = (): Map<string, Service[]> => {
    const byName = new Map<string, Service[]>();
    for (const [service, text] of exposition) {
      for (const [, name = ''] of text.matchAll(/^# TYPE (\S+) \S+$/gm)) byName.set(name, [...(byName.get(name) ?? []), service]);
    }
    return byName;
  };

  it("every boardsync metric a service serves is in the guide's table (prom-client's process_* and nodejs_* aside)", () => {
    const documented = documentedMetrics();
    const own = [...declared().keys()].filter((name) => !/^boardsync_(process|nodejs)_/.test(name));
    expect(own.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('every metric the table lists is served by some service', () => {
    const served = declared();
    expect([...documentedMetrics()].filter((name) => !served.has(name))).toEqual([]);
  });
});

describe('the series sit beside other exporters’ under the Prometheus Operator', () => {
  /** Target labels the Prometheus Operator (and Prometheus) give every scraped series. */
  const TARGET_LABELS = ['service', 'namespace', 'pod', 'container', 'endpoint', 'job', 'instance'];
  const samples = (): { service: Service; name: string; labels: Map<string, string> }[] =>
    [...exposition].flatMap(([service, text]) =>
      [...text.matchAll(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/gm)].map(([, name = '', labels = '']) => ({
        service,
        name,
        labels: new Map([...labels.matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map(([, key = '', value = '']) => [key, value])),
      })),
    );

  it('every metric is named boardsync_…, prom-client’s process and Node.js metrics included', () => {
    const all = samples();
    expect(all.length).toBeGreaterThan(100);
    expect([...new Set(all.filter(({ name }) => !name.startsWith('boardsync_')).map(({ name }) => name))]).toEqual([]);
    expect(all.map(({ name }) => name)).toContain('boardsync_process_resident_memory_bytes');
  });

  it('every series names its service in boardsync_service, and none carries a label the operator sets on targets', () => {
    const problems = samples().flatMap(({ service, name, labels }) => [
      ...(labels.get('boardsync_service') === service ? [] : [`${service} ${name}: boardsync_service="${labels.get('boardsync_service') ?? ''}"`]),
      ...TARGET_LABELS.filter((label) => labels.has(label)).map((label) => `${service} ${name}: ${label}`),
    ]);
    expect([...new Set(problems)]).toEqual([]);
  });
});
