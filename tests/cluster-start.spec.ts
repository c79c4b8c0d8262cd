import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { eventually, freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { removeTestBucket } from '../services/asset/test/support/test-buckets.ts';
import { ChangeFollower } from './support/change-follower.ts';

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

const READS_PER_MINUTE = 40;

/** A personal token of a designer of its own, made with the admin API as an operator would. */
async function tokenOfNewDesigner(scopes = 'projects:read', who = 'limited'): Promise<string> {
  const adminUrl = readFileSync(join(dataDir, 'admin-url'), 'utf8').trim();
  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const admin = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${adminUrl}/admin${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const designer = await admin('/designers', { name: who, email: `${name}-${who}@example.com`, password: 'correct horse battery' });
  return String((await admin('/tokens', { designer_id: designer.id, scopes })).token);
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
  it('runs every service as its own process on the real servers: two gateways sharing one rate limit, two catalogs sharing the work, a killed replica restarted while a changes stream follows four writers and misses nothing, all stopped on Ctrl-C', async () => {
    // Five ports in a row from a free one: the gateway's and the four services' behind it.
    const port = await freePort();
    const cluster = spawn(process.execPath, [START, '--replicas', 'gateway=2,catalog=2'], {
      env: {
        PATH: process.env.PATH ?? '',
        // Where scripts/infra keeps the servers it installed.
        HOME: process.env.HOME ?? '',
        ...(process.env.BOARDSYNC_CACHE ? { BOARDSYNC_CACHE: process.env.BOARDSYNC_CACHE } : {}),
        PORT: String(port),
        CLUSTER_DATA_DIR: dataDir,
        CLUSTER_NAME: name,
        LOG_LEVEL: 'info',
        // A service's own variable, passed on as for node src/main.ts: the limit both gateways share.
        RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE),
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
      expect(output).toContain('gateway ×2, auth ×1, catalog ×2');
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

      expect(children).toHaveLength(7);

      // One designer's read budget is one, whichever gateway a request reaches (the count lives in Redis).
      const limited = await tokenOfNewDesigner();
      const statuses: number[] = [];
      for (let sent = 0; sent < READS_PER_MINUTE + 10; sent += 1) statuses.push(await getOnce(`${base}/api/v1/me`, limited));
      expect([statuses.filter((status) => status === 200).length, statuses.filter((status) => status === 429).length]).toEqual([READS_PER_MINUTE, 10]);
      for (const replica of ['gateway-1', 'gateway-2']) expect(readFileSync(join(dataDir, 'logs', `${replica}.log`), 'utf8')).toContain('"path":"/api/v1/me"');

      // The changes feed across replicas: a stream through the gateways follows the designer while four
      // writers go through both catalogs, one of which is killed mid-way, and a neighbour writes alongside.
      const bearer = { authorization: `Bearer ${token}` };
      const head = ((await (await fetch(`${base}/api/v1/changes/head`, { headers: bearer })).json()) as { cursor: string }).cursor;
      const follower = new ChangeFollower(`${base}/api/v1/changes?after=${head}`, bearer);
      await follower.opened;
      const neighbour = await tokenOfNewDesigner('projects:write components:write', 'neighbour');
      const attempted = new Set<string>();
      const acknowledged = new Set<string>();
      const writeCards = async (writer: string, project: number, prefix: string): Promise<void> => {
        for (let index = 0; index < 10; index += 1) {
          const uniqueId = `${prefix}-${String(index)}`;
          attempted.add(uniqueId);
          const written = await fetch(`${base}/api/v1/projects/${String(project)}/components/batch`, {
            method: 'POST',
            headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'card', components: [{ unique_id: uniqueId, name: uniqueId }] }),
          }).catch(() => undefined);
          // A write cut off by the kill may or may not have committed: only acknowledged ones must be seen.
          if (written && written.status < 300) acknowledged.add(uniqueId);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      };
      const neighbourProject = (await (
        await fetch(`${base}/api/v1/projects`, {
          method: 'POST',
          headers: { authorization: `Bearer ${neighbour}`, 'content-type': 'application/json' },
          body: '{"name":"Next door"}',
        })
      ).json()) as { data: { id: number } };
      const writing = Promise.all([
        ...['a', 'b', 'c', 'd'].map((prefix) => writeCards(token, data.id, prefix)),
        writeCards(neighbour, neighbourProject.data.id, 'neighbour'),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 400));

      // A replica killed outright is started again, as a kubelet would; meanwhile the other one serves.
      const catalogPid = children.find((pid) => readlinkSync(`/proc/${String(pid)}/cwd`).endsWith('/services/catalog'));
      if (catalogPid === undefined) throw new Error('no catalog replica among the cluster’s processes');
      process.kill(catalogPid, 'SIGKILL');
      await eventually(() => (/catalog-\d exited .*starting it again/.test(output) ? true : undefined), 30_000, 'the restart notice');
      expect(await getOnce(`${base}/api/v1/projects/${String(data.id)}`, token)).toBe(200);
      children = await eventually(
        () => {
          const now = childrenOf(cluster.pid ?? 0);
          return now.length === 7 && !now.includes(catalogPid) ? now : undefined;
        },
        30_000,
        'the replica to be back',
      );

      await writing;
      const ours = [...acknowledged].filter((uniqueId) => !uniqueId.startsWith('neighbour'));
      expect(ours.length).toBeGreaterThan(10);
      await eventually(
        async () =>
          (await Promise.race([Promise.all(ours.map((id) => follower.arrival(id))), new Promise((resolve) => setTimeout(resolve, 500))])) ? true : undefined,
        30_000,
        'every acknowledged write on the stream',
      );
      follower.close();
      // Nothing acknowledged missed, nothing of the neighbour, nothing never written; a change seen twice (across a reconnect) has the same cursor.
      const streamed = new Map(follower.received.filter((change) => change.uniqueId !== null).map((change) => [change.cursor, change.uniqueId ?? '']));
      expect([...streamed.values()].filter((uniqueId) => !attempted.has(uniqueId) || uniqueId.startsWith('neighbour'))).toEqual([]);
      expect(new Set(streamed.values()).size).toBe(streamed.size);
      // Paging from the same head answers the same changes.
      const paged: string[] = [];
      for (let after = head, more = true; more;) {
        const page = (await (await fetch(`${base}/api/v1/changes?after=${after}&limit=7`, { headers: bearer })).json()) as {
          data: { unique_id: string | null }[];
          meta: { cursor: string; has_more: boolean };
        };
        paged.push(...page.data.flatMap((change) => (change.unique_id === null ? [] : [change.unique_id])));
        [after, more] = [page.meta.cursor, page.meta.has_more];
      }
      expect(paged.sort()).toEqual([...streamed.values()].sort());

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
