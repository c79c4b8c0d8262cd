import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCOPE_NAMES } from '@boardsync/kit';
import { answerCutter, type AnswerCutter } from '../../../tests/support/answer-cutter.ts';
import { ONE_PIXEL_PNG } from '../../../tests/support/artwork-server.ts';
import { deckSyncScenario, type DeckSyncRun } from '../../../tests/support/deck-sync-scenario.ts';
import { RunningSystem } from '../../../tests/support/running-system.ts';

// The Python client as a tool author meets it: its wheel built, installed into a fresh virtual
// environment outside the workspace, and its own tests (pytest) and the guide's deck-sync sample run
// from there against the whole system on the real servers, through the gateway.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PYTEST = 'pytest==9.2.0';
const pipCache = join(process.env.BOARDSYNC_CACHE ?? join(homedir(), '.cache', 'boardsync'), 'pip');

const system = new RunningSystem({ webhook: { SSRF_ALLOW_CIDRS: '127.0.0.1/32' } });
let folder = '';
let cutter: AnswerCutter | undefined;
let python = '';

const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}): string =>
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, PIP_CACHE_DIR: pipCache, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });

/** The command's output, or its output and error text as the failure, so a failing pytest shows why. */
function outputOf(command: string, args: string[], cwd: string, env: Record<string, string>): string {
  try {
    return run(command, args, cwd, env);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/**
 * As {@link outputOf}, without blocking this process: pytest calls the answer-losing proxy, which
 * answers from this process's event loop.
 */
function outputOfWhileServing(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: { ...process.env, PIP_CACHE_DIR: pipCache, ...env }, encoding: 'utf8', timeout: 300_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** As {@link outputOf}, with the error text too: what the deck sync reports on stderr. */
function outputsOf(command: string, args: string[], cwd: string, env: Record<string, string>): { stdout: string; stderr: string } {
  const done = spawnSync(command, args, { cwd, env: { ...process.env, PIP_CACHE_DIR: pipCache, ...env }, encoding: 'utf8', timeout: 300_000 });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${String(done.status ?? done.signal)}):\n${done.stdout}\n${done.stderr}`);
  return { stdout: done.stdout, stderr: done.stderr };
}

beforeAll(async () => {
  await system.start();
  cutter = await answerCutter(system.gateway);
  folder = await mkdtemp(join(tmpdir(), 'boardsync-python-'));
  const wheel = run('bash', ['scripts/python-client.sh', 'wheel', folder], ROOT).trim();
  run('python3', ['-m', 'venv', join(folder, 'venv')], folder);
  python = join(folder, 'venv', 'bin', 'python');
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', wheel, PYTEST], folder);
}, 600_000);
afterAll(async () => {
  await cutter?.close();
  await system.stop();
  await rm(folder, { recursive: true, force: true });
}, 60_000);

describe('the boardsync Python package, installed from its wheel', () => {
  it('passes its tests against the system: a deck sync, batches, typed rows, uploads, a verified webhook, retries, lost answers, token refresh', async () => {
    await cp(join(ROOT, 'clients/python/tests'), join(folder, 'tests'), { recursive: true });
    const env = {
      BOARDSYNC_URL: system.gateway,
      BOARDSYNC_TOKEN: await system.personalToken(SCOPE_NAMES),
      BOARDSYNC_WEBHOOK_VECTORS: join(ROOT, 'clients/webhook-test-vectors.json'),
      BOARDSYNC_CUTTING_URL: cutter?.url ?? '',
    };
    const output = await outputOfWhileServing(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests'], folder, env);
    expect(Number(/(\d+) passed/.exec(output)?.[1] ?? 0)).toBeGreaterThanOrEqual(10);
    expect(output).not.toMatch(/failed|error/i);
    // test_lost_answers.py's writes had their first answers lost on the way, each once.
    expect(cutter?.cut.filter((line) => line === 'POST /api/v1/projects')).toHaveLength(2);
    expect(cutter?.cut.filter((line) => line === 'POST /api/v1/webhooks')).toHaveLength(1);
  }, 300_000);

  it('runs the document’s Python code samples, each as a reader would copy it', async () => {
    const samples = join(folder, 'samples');
    await cp(join(ROOT, 'docs/examples/snippets'), samples, { recursive: true, filter: (path) => !/\.(ts|sh)$/.test(path) });
    await writeFile(join(samples, 'squall.png'), ONE_PIXEL_PNG);
    const base = { BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: await system.personalToken(SCOPE_NAMES), WEBHOOK_URL: 'http://127.0.0.1:9/hooks' };
    const sample = (id: string, env: Record<string, string> = base): unknown[] =>
      outputOf(python, [`${id}.py`], samples, env)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
    const [project] = sample('createProject') as { id: number; name: string }[];
    expect(project?.name).toBe('Tide Runners');
    const env = { ...base, BOARDSYNC_PROJECT: String(project?.id) };
    expect(sample('writeComponentBatch', env)).toEqual([{ created: 2, updated: 0, deleted: 0 }]);
    expect((sample('listComponents', env) as { name: string }[]).map((card) => card.name).sort()).toEqual(['Doldrums', 'Squall']);
    expect(sample('uploadAsset', env)).toEqual([expect.objectContaining({ url: expect.stringMatching(/\.webp/) })]);
    expect(sample('registerWebhook', env)).toEqual([expect.objectContaining({ secret: expect.stringMatching(/^whsec_/) })]);
  }, 120_000);

  it('runs the README’s quickstart as written, against the system instead of the example origin and token', async () => {
    const readme = await readFile(join(ROOT, 'clients/python/README.md'), 'utf8');
    const quickstart = /## Quickstart\s+```python\n([\s\S]+?)```/.exec(readme)?.[1] ?? '';
    const script = quickstart.replace('"https://boardsync.example"', 'os.environ["BOARDSYNC_URL"]').replace('"bsp_…"', 'os.environ["BOARDSYNC_TOKEN"]');
    expect(script).toContain('os.environ["BOARDSYNC_TOKEN"]');
    await writeFile(join(folder, 'quickstart.py'), `import os\n${script}`);
    const env = { BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: await system.personalToken(SCOPE_NAMES) };
    const printed = outputOf(python, ['quickstart.py'], folder, env).trim().split('\n');
    // The three counts of the write, then each component listed with its unique_id and name.
    expect([printed[0], printed.slice(1).sort()]).toEqual(['2 0 0', ['die-1 Wind die', 'row-1 Gust', 'row-2 Squall']]);
  }, 120_000);

  it('runs the guide’s deck-sync sample, and again after the sheet changed, reporting what others changed in between', async () => {
    await cp(join(ROOT, 'docs/examples/deck-sync/deck_sync.py'), join(folder, 'deck_sync.py'));
    await cp(join(ROOT, 'docs/examples/deck-sync/cards.csv'), join(folder, 'cards.csv'));
    const designer = await system.designer();
    const token = await system.personalToken(['projects:write', 'components:read', 'components:write'], designer.id);
    const env = { BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: token };
    const sync = (extra: Record<string, string> = {}): DeckSyncRun => {
      const { stdout, stderr } = outputsOf(python, ['deck_sync.py', 'cards.csv'], folder, { ...env, ...extra });
      return { result: JSON.parse(stdout) as Record<string, unknown>, stderr };
    };
    await deckSyncScenario(system, designer.id, folder, sync);
  }, 120_000);
});
