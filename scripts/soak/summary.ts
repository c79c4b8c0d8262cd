import { quantile } from '../../bench/support/measure.ts';
import type { Completed, OperationKind } from './design-tool.ts';
import type { OpenLoopRun } from './traffic.ts';

const RSS_GROWTH_LIMIT = 0.1;

export interface SoakFacts {
  run: OpenLoopRun;
  elapsedMs: number;
  saturated: number;
  rate: number;
  rssStart: Map<string, number>;
  rssEnd: Map<string, number>;
  events: { written: number; delivered: number; duplicated: number };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** The run's summary as text, and whether every promise held. */
export function summarize(facts: SoakFacts): { text: string; passed: boolean } {
  const { completed, skipped } = facts.run;
  const errors = completed.filter((result) => result.status === 0 || (result.status >= 400 && result.status !== 429));
  const limited = completed.filter((result) => result.status === 429).length;
  const lines = [
    `saturation ${facts.saturated.toFixed(0)} req/s; ran at ${facts.rate.toFixed(0)} req/s for ${(facts.elapsedMs / 1000).toFixed(0)} s`,
    `requests ${String(completed.length)} (${(completed.length / (facts.elapsedMs / 1000)).toFixed(0)} req/s), errors ${String(errors.length)} (429: ${String(limited)}), not started for lack of room ${String(skipped)}`,
    '',
    '| requests | count | p50 | p99 |',
    '| --- | --- | --- | --- |',
  ];
  const kinds: (OperationKind | 'all')[] = ['all', 'read page', 'read project', 'write batch'];
  for (const kind of kinds) {
    const of: Completed[] = kind === 'all' ? completed : completed.filter((result) => result.kind === kind);
    const latencies = of.map((result) => result.latencyMs);
    lines.push(`| ${kind} | ${String(of.length)} | ${ms(quantile(latencies, 0.5))} | ${ms(quantile(latencies, 0.99))} |`);
  }
  lines.push('', '| process | RSS at start | RSS at end | growth |', '| --- | --- | --- | --- |');
  const grown: string[] = [];
  for (const [name, start] of facts.rssStart) {
    const end = facts.rssEnd.get(name) ?? Number.NaN;
    const growth = (end - start) / start;
    if (!(growth < RSS_GROWTH_LIMIT)) grown.push(name);
    lines.push(`| ${name} | ${start.toFixed(0)} MB | ${end.toFixed(0)} MB | ${(growth * 100).toFixed(1)} % |`);
  }
  const { written, delivered, duplicated } = facts.events;
  lines.push('', `events written ${String(written)}, delivered ${String(delivered)} (repeated deliveries ${String(duplicated)})`);
  const problems = [
    ...(errors.length > 0
      ? [`${String(errors.length)} errors other than 429 (statuses ${[...new Set(errors.map((result) => result.status))].join(', ')})`]
      : []),
    ...(grown.length > 0 ? [`RSS grew 10 % or more: ${grown.join(', ')}`] : []),
    ...(written !== delivered ? [`${String(written - delivered)} events not delivered`] : []),
    ...(skipped > 0 ? [`${String(skipped)} requests not started: the system fell behind the rate`] : []),
  ];
  lines.push(problems.length === 0 ? 'verdict: pass' : `verdict: FAIL — ${problems.join('; ')}`);
  return { text: lines.join('\n'), passed: problems.length === 0 };
}
