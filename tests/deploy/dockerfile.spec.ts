import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_ENTRY } from '@boardsync/kit/core';
import { execForm } from './support/dockerfile.ts';
import { contextRules } from './support/dockerfile-ignore.ts';
import { buildImage, contextFiles } from './support/image-build.ts';
import { buildPath, dockerfile, dockerignore, lock, repo, rootManifest } from './support/repo-files.ts';

/** docker/Dockerfile itself, read without a container engine: its base, its install order, its build context and its SERVICE guard. */
describe('docker/Dockerfile', () => {
  it('builds on the Node the project pins, and labels the image with the project version', () => {
    const base = dockerfile.stages[0]?.from ?? '';
    expect(base).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+-slim$/);
    const version = /^node:(\d+\.\d+\.\d+)/.exec(base)?.[1];
    expect(version).toBe(rootManifest.devDependencies?.node);
    expect(process.version).toBe(`v${String(version)}`);
    // One FROM that a build argument points elsewhere (the Kubernetes rehearsal's base built here, a registry mirror).
    expect(dockerfile.stages[0]?.fromAsWritten).toBe('${NODE_IMAGE}');
    expect(dockerfile.globalArgs.map((arg) => arg.args)).toEqual([`NODE_IMAGE=${base}`]);
    const versionArg = dockerfile.stages.at(-1)?.instructions.find((instruction) => instruction.keyword === 'ARG' && instruction.args.startsWith('VERSION='));
    expect(versionArg?.args).toBe(`VERSION=${rootManifest.version}`);
  });

  it('starts a service as the scripts and tests do: tracing registered before main.ts (kit SERVICE_ENTRY)', () => {
    const entrypoint = dockerfile.stages.at(-1)?.instructions.find((instruction) => instruction.keyword === 'ENTRYPOINT');
    expect(entrypoint && execForm(entrypoint)).toEqual(['node', ...SERVICE_ENTRY]);
  });

  it('copies every workspace manifest before installing, so npm keeps the lock as it is', () => {
    const copied = dockerfile.stages.flatMap((stage) => stage.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/)[0]));
    const workspaces = Object.keys(lock.packages).filter((location) => /^(services|clients)\/[^/]+$/.test(location));
    expect(workspaces.length).toBeGreaterThanOrEqual(7);
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
  });

  it('keeps secrets, data, dependencies, build output and tests out of the build context', async () => {
    const rules = contextRules(dockerignore);
    for (const secretOrBuilt of [
      '.env',
      '.data/admin-token',
      '.git/config',
      'node_modules/jest/package.json',
      'services/kit/dist/index.js',
      'services/kit/tsconfig.build.tsbuildinfo',
    ])
      expect([secretOrBuilt, rules.excluded(secretOrBuilt)]).toEqual([secretOrBuilt, true]);
    for (const testFile of [
      'services/kit/src/__tests__/config.test.ts',
      'services/asset/test/upload.spec.ts',
      'services/kit/src/testing.ts',
      'tests/standalone-services.spec.ts',
      'charts/x/values.yaml',
    ])
      expect([testFile, rules.excluded(testFile)]).toEqual([testFile, true]);
    for (const sent of ['package.json', 'package-lock.json', 'services/kit/package.json', 'services/kit/src/index.ts', 'services/auth/bin/boardsync-admin.js'])
      expect([sent, rules.excluded(sent)]).toEqual([sent, false]);
    // What a builder would be sent of this checkout: manifests, sources, auth's launcher and the contract the gateway serves only.
    const sent = await contextFiles(repo, rules, '.');
    const allowed =
      /^(package(-lock)?\.json|(services|clients)\/[^/]+\/package\.json|services\/[^/]+\/(src\/.+\.ts|bin\/[^/]+\.js)|services\/gateway\/contract\/[^/]+)$/;
    expect(sent.filter((file) => !allowed.test(file))).toEqual([]);
    expect(sent).toEqual(expect.arrayContaining(['services/gateway/contract/openapi.json', 'clients/typescript/package.json']));
    expect(sent.filter((file) => file.startsWith('clients/') && !file.endsWith('/package.json'))).toEqual([]);
    expect(sent).toContain('services/asset/src/media/svg-worker.ts');
  });

  it('refuses a missing or unknown SERVICE before it installs anything', async () => {
    for (const service of ['', 'kit', 'gateway ']) {
      const into = await mkdtemp(path.join(tmpdir(), 'boardsync-image-refused-'));
      try {
        await expect(buildImage(dockerfile, dockerignore, { context: repo, buildArgs: { SERVICE: service }, into, path: buildPath })).rejects.toThrow(
          /SERVICE= must be gateway, auth, catalog, asset or webhook/,
        );
        expect(await readdir(into)).toEqual(['base']);
      } finally {
        await rm(into, { recursive: true, force: true });
      }
    }
  });
});
