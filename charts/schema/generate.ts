/**
 * Writes what the charts derive from one source: each chart's values.schema.json (from the
 * definitions in this folder), the values tables of the charts' READMEs (from the schemas and the
 * charts' values.yaml), and the library chart's `global` defaults (from the umbrella's values.yaml,
 * so a service chart installed alone has the same defaults).
 *
 *   node charts/schema/generate.ts          write them
 *   node charts/schema/generate.ts --check  fail if any is out of date (CI)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { serviceCharts, umbrellaChart, type ChartDefinition } from './charts.ts';
import { valuesTable } from './values-table.ts';

const chartsDir = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const stale: string[] = [];

function output(path: string, content: string): void {
  const file = `${chartsDir}${path}`;
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) return;
  if (check) stale.push(path);
  else writeFileSync(file, content);
}

function between(text: string, begin: string, end: string, replacement: string, where: string): string {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${where}: markers ${begin} … ${end} are missing`);
  return text.slice(0, start + begin.length) + replacement + text.slice(stop);
}

function schemaOf(chart: ChartDefinition): string {
  return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', title: `${chart.name} chart values`, ...chart.values }, null, 2)}\n`;
}

const readValues = (chart: string): unknown => parse(readFileSync(`${chartsDir}${chart}/values.yaml`, 'utf8'));

function readme(chart: ChartDefinition, skip: ReadonlySet<string>): void {
  const path = `${chart.name}/README.md`;
  const text = readFileSync(`${chartsDir}${path}`, 'utf8');
  const table = `\n${valuesTable(chart.values, readValues(chart.name), skip)}\n`;
  output(path, between(text, '<!-- values:begin -->', '<!-- values:end -->', table, path));
}

for (const chart of serviceCharts) {
  output(`${chart.name}/values.schema.json`, schemaOf(chart));
  readme(chart, new Set(['global', 'enabled', 'boardsync-common']));
}
output(`${umbrellaChart.name}/values.schema.json`, schemaOf(umbrellaChart));
const { global: globalSchema = {}, monitoring: monitoringSchema = {} } = umbrellaChart.values.properties ?? {};
readme({ name: umbrellaChart.name, values: { ...umbrellaChart.values, properties: { global: globalSchema, monitoring: monitoringSchema } } }, new Set());

const umbrellaValues = readValues(umbrellaChart.name) as { global?: unknown };
const defaultsPath = 'boardsync-common/templates/_global.tpl';
const defaultsTemplate = readFileSync(`${chartsDir}${defaultsPath}`, 'utf8');
const defaults = `\n${stringify(umbrellaValues.global ?? {}, { lineWidth: 0 })}`;
output(defaultsPath, between(defaultsTemplate, '# global-defaults:begin', '# global-defaults:end', defaults, defaultsPath));

if (stale.length) {
  console.error(`out of date (run: node charts/schema/generate.ts): ${stale.join(', ')}`);
  process.exit(1);
}
