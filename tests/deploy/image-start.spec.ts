import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import kafkajs from 'kafkajs';
import { createTestDatabase, eventually, freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../../services/asset/test/support/test-buckets.ts';
import { IMAGE_MEMORY_ENV } from '../support/service-process.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, standaloneEnv, testSecret, type Service, type StandaloneWorld } from '../support/standalone-env.ts';
import { buildImage, type BuiltImage } from './support/image-build.ts';
import { installedPackages, productionClosure } from './support/image-packages.ts';
import { buildPath, dockerfile, dockerignore, lock, nodeDir, repo, rootManifest, type Manifest } from './support/repo-files.ts';

/**
 * docker/Dockerfile's images without a container engine: each service's image is replayed from the
 * Dockerfile (its COPY and RUN steps, with .dockerignore) into a temporary folder, checked to hold
 * production dependencies only, then started with its exact entry command from its WORKDIR, with
 * its ENV (plus the settings Kubernetes would give: the real servers' addresses, secrets, ports),
 * as its USER on a tree it cannot write, and stopped with its STOPSIGNAL.
 */
const runPath = `${nodeDir}:/usr/local/bin:/usr/bin:/bin`;
const asRoot = process.getuid?.() === 0;

async function build(service: string): Promise<{ image: BuiltImage; into: string }> {
  const into = await mkdtemp(path.join(tmpdir(), `boardsync-image-${service}-`));
  await chmod(into, 0o755); // the image's user must reach the tree
  return { image: await buildImage(dockerfile, dockerignore, { context: repo, buildArgs: { SERVICE: service }, into, path: buildPath }), into };
}

/** USER uid:gid, by number (what runAsNonRoot can check). */
function imageUser(image: BuiltImage): { uid: number; gid: number } {
  const match = /^(\d+):(\d+)$/.exec(image.user ?? '');
  if (!match) throw new Error(`USER is ${String(image.user)}, not uid:gid by number`);
  return { uid: Number(match[1]), gid: Number(match[2]) };
}

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

/** A test run that is not root cannot start the service as the image's USER: it takes write permission off the tree instead (and gives it back). */
function setWritable(root: string, writable: boolean): void {
  const result = spawnSync('chmod', ['-R', writable ? 'u+w' : 'a-w', root]);
  if (result.status !== 0) throw new Error(`chmod -R ${root}: ${result.stderr.toString()}`);
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every process started and not yet exited: a test that fails or times out leaves them to its afterAll. */
const alive = new Set<Started>();

function start(command: readonly string[], cwd: string, env: Record<string, string>, user: { uid: number; gid: number } | undefined): Started {
  const [file = '', ...args] = command;
  const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started: Started = {
    child,
    output: () => output,
    exited: new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        alive.delete(started);
        resolve({ code, signal });
      });
    }),
  };
  alive.add(started);
  return started;
}

/** How a run-to-completion process (a Job's command, the HEALTHCHECK, the admin CLI) ended; SIGKILLed past `timeoutMs`. */
async function finished(run: Started, timeoutMs = 60_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  try {
    return await run.exited;
  } finally {
    clearTimeout(timer);
  }
}

async function killAll(): Promise<void> {
  await Promise.all(
    [...alive].map((run) => {
      run.child.kill('SIGKILL');
      return run.exited;
    }),
  );
}

/** Deletes the topics create-topics made under a namespace: nothing of a run stays on the shared broker. */
async function deleteTopics(namespace: string): Promise<void> {
  const admin = new kafkajs.Kafka({ brokers: infra.kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(`${namespace}.`));
    if (ours.length > 0) await admin.deleteTopics({ topics: ours });
  } finally {
    await admin.disconnect();
  }
}

/** An address of this machine other than loopback, as a kubelet probing the pod's IP reaches it (loopback when there is none). */
const podAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

describe.each(SERVICES)('the %s image', (service: Service) => {
  let image: BuiltImage;
  let into = '';
  let tree: string[] = [];
  const namespace = uniqueName(`image_${service}`);
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const started = Date.now();
    ({ image, into } = await build(service));
    tree = await listTree(image.root);
    process.stdout.write(`${service}: image tree built in ${String(Date.now() - started)} ms\n`);
  }, 300_000);

  afterAll(async () => {
    // The server, and any Job, health check or admin CLI a failed or timed-out test left running, before what they use goes.
    await killAll();
    for (const cleanup of cleanups.reverse()) await cleanup();
    if (into !== '') {
      if (!asRoot) setWritable(image.root, true);
      await rm(into, { recursive: true, force: true });
    }
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

  it('runs its one-shot commands, then starts from its entry command as its user on a read-only tree, healthy and ready, and exits 0 on its stop signal', async () => {
    const world: StandaloneWorld = { namespace, bucket: namespace.toLowerCase().replace(/_/g, '-'), databaseUrls: {}, listeners: await freeListeners() };
    if (DATABASE_SERVICES.includes(service)) {
      const database = await createTestDatabase(`image_${service}`);
      cleanups.push(() => database.drop());
      world.databaseUrls[service] = database.url;
    }
    if (service === 'asset') cleanups.push(() => removeTestBucket(world.bucket));
    cleanups.push(() => deleteTopics(namespace));
    // The one writable place, as the chart's emptyDir at /tmp; HOME (/home/node in the image) is not writable.
    const scratch = path.join(into, 'tmp');
    await mkdir(scratch);
    await chmod(scratch, 0o1777);
    const user = imageUser(image);
    if (!asRoot) setWritable(image.root, false);
    // The image's listeners on ports free here, as the pod's own address gives them in a cluster.
    const metricsPort = await freePort();
    const env = {
      ...image.env,
      ...standaloneEnv(service, world),
      ...(image.env.METRICS_PORT === undefined ? {} : { METRICS_PORT: String(metricsPort) }),
      PATH: runPath,
      TMPDIR: scratch,
      HOME: path.join(image.root, 'home'),
    };
    const cwd = path.join(image.root, image.workdir);
    // As the charts deploy it: a hook Job runs the image with `args` (replacing CMD) for each one-shot command …
    for (const step of [...(DATABASE_SERVICES.includes(service) ? ['migrate'] : []), 'create-topics']) {
      const job = start([...image.entrypoint, step], cwd, env, asRoot ? user : undefined);
      expect([step, await finished(job), job.output()]).toEqual([step, { code: 0, signal: null }, expect.any(String)]);
    }
    // … then the servers start without the right to change the schema or create topics.
    const running = start(image.command, cwd, { ...env, MIGRATE_ON_START: 'false', KAFKA_CREATE_TOPICS: 'false' }, asRoot ? user : undefined);
    const { port, internalPort } = world.listeners[service];
    const status = async (url: string): Promise<number | undefined> => (await fetch(url).catch(() => undefined))?.status;
    const host = podAddress ?? '127.0.0.1';
    await eventually(
      async () => {
        if (running.child.exitCode !== null) throw new Error(`${service} exited ${String(running.child.exitCode)} before it was ready:\n${running.output()}`);
        return (await status(`http://${host}:${String(port)}/readyz`)) === 200 ? true : undefined;
      },
      60_000,
      `${service} to be ready on ${host}:${String(port)}; output so far:\n${running.output()}`,
    );
    expect(await status(`http://${host}:${String(port)}/healthz`)).toBe(200);
    expect(await status(`http://${host}:${String(internalPort)}/readyz`)).toBe(200);
    expect(await status(`http://${host}:${String(metricsPort)}/metrics`)).toBe(image.env.METRICS_PORT === undefined ? undefined : 200);
    expect(running.output()).not.toContain('ExperimentalWarning');
    if (asRoot && existsSync('/proc/self/status')) {
      expect(readFileSync(`/proc/${String(running.child.pid)}/status`, 'utf8')).toMatch(new RegExp(`^Uid:\\s+${String(user.uid)}\\s`, 'm'));
    }

    const healthcheck = async (): Promise<number | null> => {
      if (!image.healthcheck) throw new Error('no HEALTHCHECK');
      return (await finished(start(image.healthcheck.command, cwd, env, asRoot ? user : undefined), 30_000)).code;
    };
    expect(await healthcheck()).toBe(0);

    if (service === 'auth') {
      // boardsync-admin from the auth image, against this auth's internal listener.
      const admin = start(
        ['node', 'bin/boardsync-admin.js', 'designer', 'create', '--name', 'Image', '--email', `${namespace}@example.com`, '--password', 'password1'],
        cwd,
        { PATH: runPath, HOME: env.HOME, BOARDSYNC_ADMIN_URL: `http://127.0.0.1:${String(internalPort)}`, BOARDSYNC_ADMIN_TOKEN: testSecret('admin') },
        asRoot ? user : undefined,
      );
      expect([await finished(admin, 30_000), admin.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('"email"')]);
    }

    const signal = (image.stopSignal ?? 'SIGTERM') as NodeJS.Signals;
    const stopped = Date.now();
    running.child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([running.exited, new Promise((resolve) => (timer = setTimeout(resolve, 20_000, 'still running after 20 s')))]);
    clearTimeout(timer);
    expect([exit, running.output().slice(-2000)]).toEqual([{ code: 0, signal: null }, expect.any(String)]);
    process.stdout.write(`${service}: exited ${String(Date.now() - stopped)} ms after ${signal}\n`);
    expect(await healthcheck()).not.toBe(0);
  }, 180_000);
});
