import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { eventually, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { freePort } from '../scripts/cluster/topology.ts';

const START = fileURLToPath(new URL('../scripts/cluster/start.ts', import.meta.url));
const name = uniqueName('cluster').toLowerCase();
const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-cluster-'));

/** One request on a connection of its own, so the balancer picks a replica for each. */
function getOnce(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(response.statusCode ?? 0);
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function childrenOf(pid: number): number[] {
  return spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(true);
    });
  });

afterAll(async () => {
  const client = new pg.Client({ connectionString: infra.databaseUrl });
  await client.connect();
  for (const service of ['auth', 'catalog', 'asset', 'webhook']) await client.query(`DROP DATABASE IF EXISTS "${name}_${service}" WITH (FORCE)`);
  await client.end();
  await removeTestBucket(name.replace(/_/g, '-'));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run start:cluster', () => {
  it('runs every service as its own process on the real servers, two catalog replicas sharing the work, restarts a killed one, and stops them all on Ctrl-C', async () => {
    // Five ports in a row from a free one: the gateway's and the four services' behind it.
    const port = await freePort();
    const cluster = spawn(process.execPath, [START, '--replicas', 'catalog=2'], {
      env: {
        PATH: process.env.PATH ?? '',
        // Where scripts/infra keeps the servers it installed.
        HOME: process.env.HOME ?? '',
        ...(process.env.BOARDSYNC_CACHE ? { BOARDSYNC_CACHE: process.env.BOARDSYNC_CACHE } : {}),
        PORT: String(port),
        CLUSTER_DATA_DIR: dataDir,
        CLUSTER_NAME: name,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cluster.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cluster.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => cluster.on('exit', resolve));
    let children: number[] = [];
    try {
      await eventually(() => (output.includes('is listening on') ? true : undefined), 150_000, 'the cluster banner').catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; its output:\n${output}`);
      });
      expect(output).toContain('catalog ×2');
      for (const step of ['auth: migrate', 'catalog: migrate', 'asset: migrate', 'webhook: migrate', 'gateway: create-topics']) expect(output).toContain(step);
      children = childrenOf(cluster.pid ?? 0);
      const { token } = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as { token: string };
      const base = `http://localhost:${String(port)}`;

      const created = await fetch(`${base}/api/v1/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Clustered' }),
      });
      expect(created.status).toBe(201);
      const { data } = (await created.json()) as { data: { id: number } };
      // At once, so the gateway opens several connections to the catalog's address: the balancer spreads connections, as a Kubernetes Service does.
      const reads = await Promise.all(Array.from({ length: 16 }, () => getOnce(`${base}/api/v1/projects/${String(data.id)}`, token)));
      expect(reads).toEqual(Array(16).fill(200));
      // Both replicas answered some of them.
      for (const replica of ['catalog-1', 'catalog-2'])
        expect(readFileSync(join(dataDir, 'logs', `${replica}.log`), 'utf8')).toContain(`/projects/${String(data.id)}`);

      expect(children).toHaveLength(6);

      // A replica killed outright is started again, as a kubelet would; meanwhile the other one serves.
      const catalogPid = children.find((pid) => readlinkSync(`/proc/${String(pid)}/cwd`).endsWith('/services/catalog'));
      if (catalogPid === undefined) throw new Error('no catalog replica among the cluster’s processes');
      process.kill(catalogPid, 'SIGKILL');
      await eventually(() => (/catalog-\d exited .*starting it again/.test(output) ? true : undefined), 30_000, 'the restart notice');
      expect(await getOnce(`${base}/api/v1/projects/${String(data.id)}`, token)).toBe(200);
      children = await eventually(
        () => {
          const now = childrenOf(cluster.pid ?? 0);
          return now.length === 6 && !now.includes(catalogPid) ? now : undefined;
        },
        30_000,
        'the replica to be back',
      );

      cluster.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(children.filter(isAlive)).toEqual([]);
      for (let offset = 0; offset < 5; offset += 1) expect(await refused(port + offset)).toBe(true);
    } finally {
      // A failed run still stops what it started: Ctrl-C first, then whatever outlives it.
      if (cluster.exitCode === null) {
        cluster.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      }
      for (const pid of [...children, cluster.pid ?? 0]) if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    expect(existsSync(join(dataDir, 'logs', 'gateway-1.log'))).toBe(true);
  }, 240_000);
});
