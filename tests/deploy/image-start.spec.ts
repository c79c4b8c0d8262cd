import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import kafkajs from 'kafkajs';
import { createTestDatabase, eventually, freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../../services/asset/test/support/test-buckets.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, standaloneEnv, testSecret, type Service, type StandaloneWorld } from '../support/standalone-env.ts';
import { imageTree, imageUser, type ImageTree } from './support/image-trees.ts';
import { nodeDir } from './support/repo-files.ts';

/**
 * docker/Dockerfile's images without a container engine, started: each service's image replayed
 * from the Dockerfile (image-contents.spec.ts checks what is in it) runs its one-shot commands,
 * then starts with its exact entry command from its WORKDIR, with its ENV (plus the settings
 * Kubernetes would give: the real servers' addresses, secrets, ports), as its USER on a tree it
 * cannot write, and stops on its STOPSIGNAL.
 */
const runPath = `${nodeDir}:/usr/local/bin:/usr/bin:/bin`;
const asRoot = process.getuid?.() === 0;

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

function start(command: readonly string[], cwd: string, env: Record<string, string>, user: { uid: number; gid: number } | undefined, stdin?: string): Started {
  const [file = '', ...args] = command;
  const child = spawn(file, args, { cwd, env, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], ...(user ?? {}) });
  child.stdin?.end(stdin);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
  let built: ImageTree | undefined;
  let image: ImageTree['image'];
  let into = '';
  const namespace = uniqueName(`image_${service}`);
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const started = Date.now();
    built = await imageTree(service);
    ({ image, into } = built);
    if (!built.prebuilt) process.stdout.write(`${service}: image tree built in ${String(Date.now() - started)} ms\n`);
  }, 300_000);

  afterAll(async () => {
    // The server, and any Job, health check or admin CLI a failed or timed-out test left running, before what they use goes.
    await killAll();
    for (const cleanup of cleanups.reverse()) await cleanup();
    if (built) {
      if (!asRoot) setWritable(image.root, true);
      if (!built.prebuilt) await rm(into, { recursive: true, force: true });
    }
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
    await mkdir(scratch, { recursive: true });
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
        ['node', 'bin/boardsync-admin.js', 'designer', 'create', '--name', 'Image', '--email', `${namespace}@example.com`, '--password-stdin'],
        cwd,
        { PATH: runPath, HOME: env.HOME, BOARDSYNC_ADMIN_URL: `http://127.0.0.1:${String(internalPort)}`, BOARDSYNC_ADMIN_TOKEN: testSecret('admin') },
        asRoot ? user : undefined,
        'password1\n',
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
