import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ONE_PIXEL_PNG } from '../../../../tests/support/artwork-server.ts';
import { deckSyncScenario, type DeckSyncRun } from '../../../../tests/support/deck-sync-scenario.ts';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { EVERY_SCOPE } from './client-for.ts';

const CLIENT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SAMPLE_DIR = fileURLToPath(new URL('../../../../docs/examples/deck-sync/', import.meta.url));
const SNIPPETS_DIR = fileURLToPath(new URL('../../../../docs/examples/snippets/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The environment of a tool author's shell: none of the npm settings of the `npm test` running this. */
const outsideEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  ...extra,
});

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = outsideEnv()): string =>
  execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

/** As {@link run}, with the error text too: what the deck sync reports on stderr. */
function runWithErrors(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { stdout: string; stderr: string } {
  const done = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${String(done.status ?? done.signal)}):\n${done.stdout}\n${done.stderr}`);
  return { stdout: done.stdout, stderr: done.stderr };
}

/** Files under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

export function describePackage(system: RunningSystem): void {
  describe('the packed package, installed into an empty folder outside the workspace', () => {
    let folder = '';
    let installed = '';
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'deck-tool-'));
      const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', folder], CLIENT_DIR)) as { filename: string }[];
      if (!packed) throw new Error('npm pack made no tarball');
      await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'deck-tool', private: true, type: 'module' }));
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(folder, packed.filename)], folder);
      installed = join(folder, 'node_modules', '@boardsync', 'client');
    }, 300_000);
    afterAll(() => rm(folder, { recursive: true, force: true }));

    it('is the built package alone: ES modules, CommonJS, declarations, README and licence; no sources or tests', async () => {
      const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { version: string; private?: boolean; sideEffects: boolean };
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(manifest.private).toBeUndefined();
      expect(manifest.sideEffects).toBe(false);
      const files = await filesUnder(installed);
      expect(files).toEqual(
        expect.arrayContaining([
          'README.md',
          'LICENSE',
          'dist/esm/index.js',
          'dist/esm/index.d.ts',
          'dist/cjs/index.js',
          'dist/cjs/index.d.ts',
          'dist/cjs/package.json',
        ]),
      );
      expect(files.filter((file) => !file.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(file))).toEqual([]);
      expect(files.filter((file) => /__tests__|\.tsbuildinfo$|\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    });

    it('syncs a deck with the guide’s sample, run by Node against the system with that install alone; the next run reports what others changed', async () => {
      await copyFile(join(SAMPLE_DIR, 'deck-sync.ts'), join(folder, 'deck-sync.ts'));
      await copyFile(join(SAMPLE_DIR, 'cards.csv'), join(folder, 'cards.csv'));
      const designer = await system.designer();
      const env = outsideEnv({
        BOARDSYNC_URL: system.gateway,
        BOARDSYNC_TOKEN: await system.personalToken(['projects:write', 'components:read', 'components:write'], designer.id),
      });
      const sync = (extra: Record<string, string> = {}): DeckSyncRun => {
        const { stdout, stderr } = runWithErrors(process.execPath, ['deck-sync.ts', 'cards.csv'], folder, { ...env, ...extra });
        return { result: JSON.parse(stdout) as Record<string, unknown>, stderr };
      };
      await deckSyncScenario(system, designer.id, folder, sync);
    });

    it('runs the document’s TypeScript and curl code samples against the system, each as a reader would copy it', async () => {
      const samples = join(folder, 'samples');
      await cp(SNIPPETS_DIR, samples, { recursive: true, filter: (path) => !path.endsWith('.py') });
      await writeFile(join(samples, 'squall.png'), ONE_PIXEL_PNG);
      const base = outsideEnv({
        BOARDSYNC_URL: system.gateway,
        BOARDSYNC_TOKEN: await system.personalToken(EVERY_SCOPE),
        WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      });
      for (const [extension, command] of [
        ['ts', process.execPath],
        ['sh', 'bash'],
      ] as const) {
        const sample = (id: string, env = base): unknown[] =>
          run(command, [`${id}.${extension}`], samples, env)
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { data?: unknown })
            .map((body) => body.data ?? body);
        const [project] = sample('createProject') as { id: number; name: string }[];
        expect([extension, project?.name]).toEqual([extension, 'Tide Runners']);
        const env = { ...base, BOARDSYNC_PROJECT: String(project?.id) };
        expect(sample('writeComponentBatch', env)).toEqual([expect.objectContaining({ created: 2, updated: 0, deleted: 0 })]);
        const listed = sample('listComponents', env).flat() as { name: string }[];
        expect(listed.map((card) => card.name).sort()).toEqual(['Doldrums', 'Squall']);
        expect(sample('uploadAsset', env)).toEqual([expect.objectContaining({ url: expect.stringMatching(/\.webp/) })]);
        expect(sample('registerWebhook', env)).toEqual([expect.objectContaining({ secret: expect.stringMatching(/^whsec_/) })]);
      }
    });

    it('is required from CommonJS as well', async () => {
      await writeFile(
        join(folder, 'whoami.cjs'),
        [
          "const { createBoardsyncClient, unwrap, BoardsyncError } = require('@boardsync/client');",
          'const client = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL, auth: process.env.BOARDSYNC_TOKEN });',
          "client.api.GET('/api/v1/me').then((answer) => console.log(JSON.stringify({ app: unwrap(answer).token.app, typed: typeof BoardsyncError })));",
        ].join('\n'),
      );
      const env = outsideEnv({ BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: await system.personalToken(['projects:read']) });
      expect(JSON.parse(run(process.execPath, ['whoami.cjs'], folder, env))).toEqual({ app: 'api:personal', typed: 'function' });
    });

    it('has one identity per error class across its ES module and CommonJS builds, with the request id of the refusal', async () => {
      await writeFile(
        join(folder, 'identity.mjs'),
        [
          "import { createRequire } from 'node:module';",
          "import { createBoardsyncClient, unwrap, BoardsyncError } from '@boardsync/client';",
          "const required = createRequire(import.meta.url)('@boardsync/client');",
          'const client = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL, auth: process.env.BOARDSYNC_TOKEN });',
          "const refused = await client.api.GET('/api/v1/projects/{project}', { params: { path: { project: 2147483000 } } }).then(unwrap, (error) => error).catch((error) => error);",
          'console.log(JSON.stringify({ esm: refused instanceof BoardsyncError, cjs: refused instanceof required.BoardsyncError, family: refused instanceof required.NotFoundError, two: required.BoardsyncError !== BoardsyncError, code: refused.code, requestId: typeof refused.requestId }));',
        ].join('\n'),
      );
      const env = outsideEnv({ BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: await system.personalToken(['projects:read']) });
      expect(JSON.parse(run(process.execPath, ['identity.mjs'], folder, env))).toEqual({
        esm: true,
        cjs: true,
        family: true,
        two: true,
        code: 'not_found',
        requestId: 'string',
      });
    });

    it('throws each refusal of the system as its family, reads a 304 as not modified, and repeats a POST only under its key', async () => {
      await writeFile(
        join(folder, 'refusals.mjs'),
        [
          "import { createBoardsyncClient, unwrap, unwrapIfModified, AuthError, NotFoundError, ValidationError } from '@boardsync/client';",
          'const client = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL, auth: process.env.BOARDSYNC_TOKEN });',
          "const stranger = createBoardsyncClient({ baseUrl: process.env.BOARDSYNC_URL, auth: 'bsp_not_a_token' });",
          'const thrown = (pending) => pending.then(unwrap).then(() => undefined, (error) => error);',
          'const family = (error) => [error?.name, error?.status, error?.code, typeof error?.requestId];',
          "const missing = await thrown(client.api.GET('/api/v1/projects/{project}', { params: { path: { project: 2147483000 } } }));",
          "const invalid = await thrown(client.api.POST('/api/v1/projects', { body: { name: 'x', player_count_min: 5, player_count_max: 2 } }));",
          "const unknown = await thrown(stranger.api.GET('/api/v1/me'));",
          'const key = crypto.randomUUID();',
          "await thrown(client.api.POST('/api/v1/projects', { body: { name: 'Keyed' }, headers: { 'Idempotency-Key': key } }));",
          "const reused = await thrown(client.api.POST('/api/v1/projects', { body: { name: 'Other' }, headers: { 'Idempotency-Key': key } }));",
          "const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Polled' } })).data.id;",
          "const read = (etag) => client.api.GET('/api/v1/projects/{project}', { params: { path: { project } }, ...(etag ? { headers: { 'If-None-Match': etag } } : {}) });",
          'const first = unwrapIfModified(await read());',
          'const again = unwrapIfModified(await read(first.etag));',
          'console.log(JSON.stringify({',
          '  missing: [...family(missing), missing instanceof NotFoundError],',
          '  invalid: [...family(invalid), invalid instanceof ValidationError, Object.keys(invalid.fieldErrors ?? {}).length > 0],',
          '  unknown: [...family(unknown), unknown instanceof AuthError],',
          '  reused: [...family(reused), reused instanceof ValidationError],',
          '  notModified: [first.modified, again.modified, again.etag === first.etag],',
          '}));',
        ].join('\n'),
      );
      const env = outsideEnv({ BOARDSYNC_URL: system.gateway, BOARDSYNC_TOKEN: await system.personalToken(['projects:read', 'projects:write']) });
      expect(JSON.parse(run(process.execPath, ['refusals.mjs'], folder, env))).toEqual({
        missing: ['NotFoundError', 404, 'not_found', 'string', true],
        invalid: ['ValidationError', 422, 'validation_failed', 'string', true, true],
        unknown: ['AuthError', 401, 'unauthenticated', 'string', true],
        reused: ['ValidationError', 422, 'idempotency_key_reused', 'string', true],
        notModified: [true, false, true],
      });
    });

    it('types a tool written against it, from ES modules and CommonJS: each type’s rows, misspellings refused', async () => {
      const rows = [
        "import { createBoardsyncClient } from '@boardsync/client';",
        "const client = createBoardsyncClient({ baseUrl: 'https://boardsync.example', auth: 'bsp_x' });",
        "void client.writeComponents(1, { type: 'dice', components: [{ name: 'Wind die', size: 6, die_faces: 'a.png|b.png' }] }, { signal: AbortSignal.timeout(5000) });",
        '// @ts-expect-error a misspelt field is no field of a card',
        "void client.writeComponents(1, { type: 'card', components: [{ name: 'Gust', quantitty: 2 }] });",
      ].join('\n');
      await writeFile(join(folder, 'tool.mts'), rows);
      await writeFile(join(folder, 'tool.cts'), rows);
      const compilerOptions = {
        noEmit: true,
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2024', 'dom'],
        types: [],
      };
      await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['tool.mts', 'tool.cts'] }));
      // tsc prints each error on stdout: an unused @ts-expect-error, or a row the types refuse wrongly.
      expect(() => run(process.execPath, [TSC, '-p', '.'], folder)).not.toThrow();
    });
  });
}
