// The charts as a platform team pulls them: each packaged with its dependencies inside, pushed to an
// OCI registry (the CNCF distribution registry, built by scripts/deploy-tools.sh and run here on
// loopback), then rendered back from oci:// exactly as from this checkout.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@boardsync/kit/testing';
import { FIRST_RENDER_MS, exampleFile, helm, repoRoot } from './support/render.ts';

const run = promisify(execFile);
let work = '';
let registry: ChildProcess | undefined;
let origin = '';
let helmBin = '';
let packages: string[] = [];

const helmEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  HELM_CACHE_HOME: join(work, 'helm', 'cache'),
  HELM_CONFIG_HOME: join(work, 'helm', 'config'),
  HELM_DATA_HOME: join(work, 'helm', 'data'),
});
const helmRun = async (args: string[]): Promise<string> => (await run(helmBin, args, { cwd: work, env: helmEnv(), maxBuffer: 64 << 20 })).stdout;

beforeAll(async () => {
  helmBin = await helm();
  const registryBin = (await run('bash', [join(repoRoot, 'scripts/deploy-tools.sh'), 'path', 'registry'], { maxBuffer: 16 << 20 })).stdout.trim();
  work = await mkdtemp(join(tmpdir(), 'chart-oci-'));
  const port = await freePort();
  origin = `127.0.0.1:${String(port)}`;
  await writeFile(
    join(work, 'registry.yml'),
    `version: 0.1\nlog: { level: error }\nstorage: { filesystem: { rootdirectory: ${join(work, 'registry')} } }\nhttp: { addr: ${origin} }\n`,
  );
  registry = spawn(registryBin, ['serve', join(work, 'registry.yml')], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://${origin}/v2/`)
      .then((answer) => answer.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`the registry did not answer on ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The charts with their file:// dependencies built (scripts/check-deploy.sh prepare), packaged and pushed.
  await run('bash', [join(repoRoot, 'scripts/check-deploy.sh'), 'prepare', work], {
    cwd: repoRoot,
    env: { ...process.env, HELM: helmBin },
    maxBuffer: 16 << 20,
  });
  for (const chart of await readdir(join(work, 'charts'))) await helmRun(['package', join(work, 'charts', chart), '--destination', join(work, 'packages')]);
  packages = (await readdir(join(work, 'packages'))).sort();
  for (const archive of packages) await helmRun(['push', join(work, 'packages', archive), `oci://${origin}/charts`, '--plain-http']);
}, FIRST_RENDER_MS);

afterAll(async () => {
  registry?.kill();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the charts from an OCI registry', () => {
  test('each chart is one archive holding its dependencies, in the registry under charts/', async () => {
    expect(packages.map((archive) => archive.replace(/-\d+\.\d+\.\d+.*\.tgz$/, ''))).toEqual(
      ['asset', 'auth', 'boardsync', 'boardsync-common', 'catalog', 'gateway', 'webhook'].sort(),
    );
    const umbrella = packages.find((archive) => archive.startsWith('boardsync-') && !archive.startsWith('boardsync-common'));
    const listing = (await run('tar', ['-tzf', join(work, 'packages', umbrella ?? '')])).stdout;
    for (const service of ['gateway', 'auth', 'catalog', 'asset', 'webhook'])
      expect(listing).toMatch(new RegExp(`^boardsync/charts/${service}/Chart\\.yaml$`, 'm'));
    const catalog = (await (await fetch(`http://${origin}/v2/_catalog`)).json()) as { repositories: string[] };
    expect(catalog.repositories).toEqual(expect.arrayContaining(['charts/boardsync', 'charts/catalog', 'charts/boardsync-common']));
  });

  test('installs back from oci:// and renders exactly what this checkout renders, Artifact Hub annotations included', async () => {
    const version = /^boardsync-(\d+\.\d+\.\d+.*)\.tgz$/.exec(packages.find((archive) => /^boardsync-\d/.test(archive)) ?? '')?.[1] ?? '';
    const values = ['-f', exampleFile('small'), '--namespace', 'boardsync'];
    const fromRegistry = await helmRun(['template', 'bs', `oci://${origin}/charts/boardsync`, '--version', version, '--plain-http', ...values]);
    const fromCheckout = await helmRun(['template', 'bs', join(work, 'charts', 'boardsync'), ...values]);
    expect(fromRegistry.length).toBeGreaterThan(10_000);
    expect(fromRegistry).toBe(fromCheckout);
    const shown = await helmRun(['show', 'chart', `oci://${origin}/charts/boardsync`, '--version', version, '--plain-http']);
    expect(shown).toContain('artifacthub.io/images');
  });
});
