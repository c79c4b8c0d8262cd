// Sets the release version of every chart at once: each Chart.yaml's `version` and `appVersion`
// (one number: a chart release ships the images of the same release), the versions by which the
// charts depend on each other, and the Artifact Hub image tags. Comments and layout are kept.
//
//   node scripts/charts/set-version.ts 1.2.0 [--charts DIR]     (default DIR: charts/)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** The Chart.yaml text with every version of this release set to `version`. */
export function withVersion(chartYaml: string, version: string): string {
  return (
    chartYaml
      .replace(/^version: .*$/m, `version: ${version}`)
      .replace(/^appVersion: .*$/m, `appVersion: '${version}'`)
      // A dependency on another chart of this repository moves with it.
      .replace(/(\n\s+version: )[^\n]+(\n\s+repository: file:\/\/)/g, `$1${version}$2`)
      // Artifact Hub's list of the images the chart runs: `image: <repository>/<service>:<tag>`.
      .replace(/(\n\s+image: [^\s:]+):[^\s]+/g, `$1:${version}`)
  );
}

export function setChartVersions(chartsDir: string, version: string): string[] {
  if (!SEMVER.test(version)) throw new Error(`${version} is not a semantic version (1.2.3 or 1.2.3-rc.1)`);
  const charts = readdirSync(chartsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'schema');
  return charts.map(({ name }) => {
    const file = join(chartsDir, name, 'Chart.yaml');
    writeFileSync(file, withVersion(readFileSync(file, 'utf8'), version));
    return name;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [version] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
  const dirFlag = process.argv.indexOf('--charts');
  const chartsDir = dirFlag > 0 ? (process.argv[dirFlag + 1] ?? '') : fileURLToPath(new URL('../../charts/', import.meta.url));
  if (!version) {
    console.error('usage: node scripts/charts/set-version.ts <version> [--charts DIR]');
    process.exit(64);
  }
  const set = setChartVersions(chartsDir, version);
  console.log(`charts at ${version}: ${set.join(', ')}`);
}
