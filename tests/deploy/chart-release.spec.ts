// The charts as a release: one version for all (version and appVersion together, the charts'
// dependencies on each other, the images Artifact Hub lists), set by one script.
import { describe, expect, test } from '@jest/globals';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { setChartVersions } from '../../scripts/charts/set-version.ts';
import { chartsRoot } from './support/render.ts';

interface Chart {
  name: string;
  version: string;
  appVersion: string;
  dependencies?: { name: string; version: string; repository: string }[];
  annotations?: Record<string, string>;
}

const chartsIn = (dir: string): Chart[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'schema')
    .map((entry) => parse(readFileSync(join(dir, entry.name, 'Chart.yaml'), 'utf8')) as Chart);

/** Every version a release sets, as `<chart> <where>: <version>`. */
const versionsOf = (charts: Chart[]): string[] =>
  charts.flatMap((chart) => [
    `${chart.name} version: ${chart.version}`,
    `${chart.name} appVersion: ${chart.appVersion}`,
    ...(chart.dependencies ?? [])
      .filter((dependency) => dependency.repository.startsWith('file://'))
      .map((dependency) => `${chart.name} → ${dependency.name}: ${dependency.version}`),
    ...(parse(chart.annotations?.['artifacthub.io/images'] ?? '[]') as { image: string }[]).map(
      (entry) => `${chart.name} image ${entry.image.split(':')[0] ?? ''}: ${entry.image.split(':')[1] ?? ''}`,
    ),
  ]);

describe('the charts as one release', () => {
  test('share one version: each chart’s version and appVersion, their dependencies on each other, the image tags Artifact Hub lists', () => {
    const charts = chartsIn(chartsRoot);
    const release = charts.find((chart) => chart.name === 'boardsync')?.version;
    expect(versionsOf(charts).filter((line) => !line.endsWith(`: ${String(release)}`))).toEqual([]);
    expect(versionsOf(charts).filter((line) => line.includes(' image ')).length).toBe(10);
  });

  test('carry the annotations Artifact Hub shows: licence, links, and for each installable chart its images', () => {
    for (const chart of chartsIn(chartsRoot)) {
      expect([chart.name, Object.keys(chart.annotations ?? {}).sort()]).toEqual([
        chart.name,
        expect.arrayContaining(['artifacthub.io/license', 'artifacthub.io/links', 'artifacthub.io/prerelease']),
      ]);
      const links = parse(chart.annotations?.['artifacthub.io/links'] ?? '[]') as { name: string; url: string }[];
      expect(links.every((link) => link.url.startsWith('https://'))).toBe(true);
    }
  });

  test('scripts/charts/set-version.ts moves every one of those versions together, keeping the files’ comments', () => {
    const copy = mkdtempSync(join(tmpdir(), 'charts-'));
    try {
      cpSync(chartsRoot, copy, { recursive: true });
      setChartVersions(copy, '2.3.4-rc.1');
      const lines = versionsOf(chartsIn(copy));
      expect(lines.length).toBeGreaterThan(20);
      expect(lines.filter((line) => !line.endsWith(': 2.3.4-rc.1'))).toEqual([]);
      expect(readFileSync(join(copy, 'catalog', 'Chart.yaml'), 'utf8')).toContain('# preStop sleep (1.30)');
      expect(() => setChartVersions(copy, 'v2')).toThrow(/not a semantic version/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
