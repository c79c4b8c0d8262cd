import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MEMORY_ENV } from '../support/service-process.ts';
import { SERVICES, type Service } from '../support/standalone-env.ts';
import { installedPackages, productionClosure } from './support/image-packages.ts';
import { imageTree, imageUser, type ImageTree } from './support/image-trees.ts';
import { lock, repo, rootManifest, type Manifest } from './support/repo-files.ts';

/**
 * docker/Dockerfile's images without a container engine, as built: each service's image replayed
 * from the Dockerfile (its COPY and RUN steps, with .dockerignore) holds production dependencies
 * only, its own and the kit's source and nothing else, and a compile cache for its user. Needs no
 * server (npm test runs it beside the faults); image-start.spec.ts starts the same trees.
 */
const asRoot = process.getuid?.() === 0;

/** Folders and files of a tree, relative, links not followed. */
async function listTree(root: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      return entry.isDirectory() ? [`${child}/`, ...(await listTree(root, child))] : [child];
    }),
  );
  return nested.flat();
}

describe.each(SERVICES)('the %s image', (service: Service) => {
  let built: ImageTree | undefined;
  let image: ImageTree['image'];
  let tree: string[] = [];

  beforeAll(async () => {
    const started = Date.now();
    built = await imageTree(service);
    image = built.image;
    tree = await listTree(image.root);
    if (!built.prebuilt) process.stdout.write(`${service}: image tree built in ${String(Date.now() - started)} ms\n`);
  }, 300_000);

  afterAll(async () => {
    if (built && !built.prebuilt) await rm(built.into, { recursive: true, force: true });
  });

  it('holds production dependencies only, at the locked versions', async () => {
    const installed = await installedPackages(image.root, ['app/node_modules', 'app/services/kit/node_modules', `app/services/${service}/node_modules`]);
    const locations = new Map([...installed].map(([location, found]) => [location.replace(/^app\//, ''), found]));
    const closure = productionClosure(lock, `services/${service}`);
    expect([...locations.keys()].filter((location) => !closure.has(location))).toEqual([]);
    const required = [...closure].filter((location) => location.includes('node_modules/') && lock.packages[location]?.optional !== true);
    expect(required.filter((location) => !locations.has(location))).toEqual([]);
    expect([...locations].filter(([location, found]) => found.linkTo === undefined && found.version !== lock.packages[location]?.version)).toEqual([]);
    // Links are the workspaces the service runs on, and each one's source is there.
    const links = [...locations].filter(([, found]) => found.linkTo !== undefined).map(([location, found]) => [location, found.linkTo?.replace(/^app\//, '')]);
    expect(links.sort()).toEqual(
      [
        ['node_modules/@boardsync/kit', 'services/kit'],
        [`node_modules/@boardsync/${service}`, `services/${service}`],
      ].sort(),
    );
    // The devDependencies of the root, the kit and the service, where nothing in production needs them.
    const manifests = [
      rootManifest,
      ...['kit', service].map((name) => JSON.parse(readFileSync(path.join(repo, 'services', name, 'package.json'), 'utf8')) as Manifest),
    ];
    const devOnly = manifests.flatMap((manifest) => Object.keys(manifest.devDependencies ?? {})).filter((name) => !closure.has(`node_modules/${name}`));
    expect(devOnly).toEqual(expect.arrayContaining(['jest', 'typescript', '@swc/core', 'eslint', 'prettier', 'node']));
    expect(devOnly.filter((name) => locations.has(`node_modules/${name}`))).toEqual([]);
  });

  it('holds the kit’s and its own source and manifests, no other service, no tests, no build output', () => {
    const services = new Set(tree.filter((entry) => /^app\/services\/[^/]+\/$/.test(entry)));
    expect([...services].sort()).toEqual([`app/services/${service}/`, 'app/services/kit/'].sort());
    const own = tree.filter(
      (entry) => entry.startsWith('app/') && !entry.startsWith('app/node_modules/') && !/^app\/services\/[^/]+\/node_modules\//.test(entry),
    );
    expect(own.filter((entry) => /__tests__|\/test\/|\.test\.ts$|\.spec\.ts$|\/dist\/|tsbuildinfo|tsconfig|README/.test(entry))).toEqual([]);
    expect(own).toEqual(
      expect.arrayContaining([`app/services/${service}/package.json`, `app/services/${service}/src/main.ts`, 'app/services/kit/src/index.ts']),
    );
    expect(own.some((entry) => entry.startsWith('app/services/auth/bin/'))).toBe(service === 'auth');
  });

  it('carries a compile cache of its own source for its user, read-only, under the NODE_COMPILE_CACHE it names', () => {
    expect(image.env.NODE_COMPILE_CACHE).toBe('.node-compile-cache');
    // The tests and benchmarks start services with the image's memory settings.
    expect({ NODE_OPTIONS: image.env.NODE_OPTIONS, MALLOC_ARENA_MAX: image.env.MALLOC_ARENA_MAX }).toEqual(IMAGE_MEMORY_ENV);
    const cacheRoot = path.posix.join('app/services', service, '.node-compile-cache');
    const entries = tree.filter((entry) => entry.startsWith(`${cacheRoot}/`));
    // Node names the folder after its version, flags and uid; the replay can only be the image's user as root.
    const uid = asRoot ? imageUser(image).uid : process.getuid?.();
    const folder = new RegExp(`^${cacheRoot}/v${process.versions.node}-${process.arch}-[0-9a-f]+-${String(uid)}/$`);
    expect(entries.filter((entry) => folder.test(entry))).toHaveLength(1);
    // One entry per source file at least (a stripped-types one and a code-cache one each): the kit and the service are in it.
    expect(entries.filter((entry) => !entry.endsWith('/')).length).toBeGreaterThan(100);
  });
});
