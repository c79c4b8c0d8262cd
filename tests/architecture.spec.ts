import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOORS, KIT_ENTRIES, SERVICE_FLOORS, floorIndex } from '../scripts/architecture/floor-plan.ts';
import kitPackage from '../services/kit/package.json' with { type: 'json' };

/**
 * docs/architecture.md is the newcomer's map: per service, a table from each public behaviour to the
 * file that does it. These checks keep the map true and the house plan it describes: every named
 * file exists, is reached from the service's main.ts through at most three imports, and every
 * service's folder has the same floors. Its walks are measured on the path a request takes, by
 * tests/walks.spec.ts.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVICES = ['gateway', 'auth', 'catalog', 'asset', 'webhook'] as const;
const MAX_HOPS = 3;
const MAX_LINES = 300;

interface MapRow {
  service: string;
  behaviour: string;
  file: string;
}

/** Rows of the tables under `### <service>` headings whose second cell is a backticked path below `services/<service>/src/`. */
function mapRows(): MapRow[] {
  const rows: MapRow[] = [];
  let service: string | undefined;
  for (const line of readFileSync(join(root, 'docs/architecture.md'), 'utf8').split('\n')) {
    const heading = /^### (\w+)/.exec(line);
    if (heading) service = heading[1];
    const row = /^\|\s*([^|]+?)\s*\|\s*`([^`]+\.ts)`/.exec(line);
    if (row && service && (SERVICES as readonly string[]).includes(service)) rows.push({ service, behaviour: row[1] ?? '', file: row[2] ?? '' });
  }
  return rows;
}

/** Relative `.ts` imports of a source file (type-only ones too: they are how a reader follows the code). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+\.ts)'/g)].map((match) => resolve(dirname(file), match[1] ?? ''));
  return found.filter((path) => existsSync(path));
}

/** How many imports each file of the service is from its main.ts (breadth first). */
function hopsFromMain(service: string): Map<string, number> {
  const main = join(root, 'services', service, 'src/main.ts');
  const hops = new Map([[main, 0]]);
  const queue = [main];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const depth = hops.get(file) ?? 0;
    for (const next of importsOf(file)) {
      if (hops.has(next)) continue;
      hops.set(next, depth + 1);
      queue.push(next);
    }
  }
  return hops;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['proto', 'node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('docs/architecture.md', () => {
  const rows = mapRows();

  it('maps behaviours of every service', () => {
    for (const service of SERVICES) expect(rows.filter((row) => row.service === service).length).toBeGreaterThanOrEqual(5);
  });

  it.each(SERVICES)('names only files of %s that exist, each at most three imports from its main.ts', (service) => {
    const hops = hopsFromMain(service);
    const far = rows
      .filter((row) => row.service === service)
      .flatMap((row) => {
        const path = join(root, 'services', service, 'src', row.file);
        if (!existsSync(path)) return [`${row.behaviour}: ${row.file} does not exist`];
        const depth = hops.get(path);
        return depth !== undefined && depth <= MAX_HOPS ? [] : [`${row.behaviour}: ${row.file} is ${String(depth ?? 'not reachable')} from main.ts`];
      });
    expect(far).toEqual([]);
  });
});

describe('the house plan (scripts/architecture/floor-plan.ts)', () => {
  it.each(SERVICES)('puts every folder and top-level file of %s’s src/ on a floor, and names nothing that is not there', (service) => {
    const src = join(root, 'services', service, 'src');
    const present = readdirSync(src, { withFileTypes: true })
      .filter((entry) => (entry.isDirectory() && entry.name !== '__tests__') || entry.name.endsWith('.ts'))
      .map((entry) => entry.name)
      .sort();
    expect(present).toEqual(Object.keys(SERVICE_FLOORS[service] ?? {}).sort());
    for (const required of ['main.ts', 'service.ts', 'config.ts', 'http', 'domain']) expect(present).toContain(required);
  });

  it('gives events/ one meaning: the Kafka consumers, each a driving edge', () => {
    const floors = SERVICES.flatMap((service) => (SERVICE_FLOORS[service]?.events === undefined ? [] : [SERVICE_FLOORS[service].events]));
    expect(new Set(floors)).toEqual(new Set(['edges']));
  });

  it('gives every entry point of the kit (its package.json exports) a floor, and no other', () => {
    const exported = Object.keys(kitPackage.exports).map((subpath) => `@boardsync/kit${subpath.slice(1)}`);
    expect(Object.keys(KIT_ENTRIES).sort()).toEqual(exported.sort());
  });

  it('re-exports through no kit entry point an entry point of a higher floor', () => {
    const kit = join(root, 'services/kit');
    const entryAt = new Map(Object.entries(kitPackage.exports).map(([subpath, file]) => [join(kit, file), `@boardsync/kit${subpath.slice(1)}`]));
    const higher = [...entryAt].flatMap(([file, entry]) =>
      [...readFileSync(file, 'utf8').matchAll(/^export\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)].flatMap(([, from]) => {
        const reexported = entryAt.get(resolve(dirname(file), from ?? ''));
        const floorOf = (name: string): number => floorIndex(KIT_ENTRIES[name] ?? 'entry');
        return reexported !== undefined && floorOf(reexported) > floorOf(entry) ? [`${entry} re-exports ${reexported}`] : [];
      }),
    );
    expect(higher).toEqual([]);
  });

  it('keeps the floors docs/architecture.md explains', () => {
    const map = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    expect(FLOORS.filter((floor) => !map.includes(`\`${floor}\``))).toEqual([]);
  });

  it('keeps every hand-written source and test file (generated code aside) at 300 lines or fewer', () => {
    const services = ['kit', ...SERVICES].flatMap((service) => ['src', 'test'].map((folder) => join('services', service, folder)));
    const long = [
      ...services.filter((dir) => existsSync(join(root, dir))),
      'clients/typescript/src',
      'clients/typescript/test',
      'tests',
      'bench',
      'scripts',
      'charts/schema',
      'docs',
    ]
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) => !file.endsWith('.gen.ts'))
      .filter((file) => readFileSync(file, 'utf8').split('\n').length - 1 > MAX_LINES)
      .map((file) => relative(root, file));
    expect(long).toEqual([]);
  });
});
