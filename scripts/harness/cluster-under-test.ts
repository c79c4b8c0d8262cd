import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, uniqueName } from '@boardsync/kit/testing';
import { infraServers, minioClient, removeBucket } from '../cluster/servers.ts';
import { DATABASE_SERVICES, type Service } from '../cluster/service-env.ts';

const START = fileURLToPath(new URL('../cluster/start.ts', import.meta.url));

/** A row of `<data dir>/replicas.json`, as start:cluster writes it. */
export interface ReplicaRow {
  name: string;
  service: Service;
  pid: number;
  port: number;
  internal_port: number;
  log: string;
}

export interface ClusterSettings {
  /** Replicas per service, as `--replicas` takes them: `gateway=2,catalog=2`. */
  replicas: string;
  /** Extra environment every replica gets (start:cluster passes documented variables on). */
  env?: Record<string, string>;
}

/**
 * `npm run start:cluster` under a harness's control: a name and data folder of its own (its own
 * databases, prefix and bucket), the banner awaited, then the admin API, each replica's pid and
 * internal listener from `replicas.json`, and at the end everything removed again.
 */
export class ClusterUnderTest {
  readonly name = uniqueName('h');
  readonly bucket = this.name.replace(/_/g, '-');
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'boardsync-harness-'));
  private child: ChildProcess | undefined;
  private output = '';
  private port = 0;

  get gateway(): string {
    return `http://localhost:${String(this.port)}`;
  }

  get logDir(): string {
    return join(this.dataDir, 'logs');
  }

  async start(settings: ClusterSettings): Promise<void> {
    this.port = await freePort();
    const child = spawn(process.execPath, [START, '--replicas', settings.replicas], {
      env: {
        ...process.env,
        ...settings.env,
        PORT: String(this.port),
        CLUSTER_NAME: this.name,
        CLUSTER_DATA_DIR: this.dataDir,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const collect = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`start:cluster was not up within 10 min:\n${this.output}`));
      }, 600_000);
      const check = (): void => {
        if (this.output.includes('stop with Ctrl-C')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`start:cluster exited ${String(code)} while starting:\n${this.output}`));
      });
    });
  }

  /** Every replica as start:cluster last wrote it (a restarted one has its new pid). */
  replicas(): ReplicaRow[] {
    return JSON.parse(readFileSync(join(this.dataDir, 'replicas.json'), 'utf8')) as ReplicaRow[];
  }

  replica(name: string): ReplicaRow {
    const row = this.replicas().find((candidate) => candidate.name === name);
    if (!row) throw new Error(`no replica ${name}`);
    return row;
  }

  kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): void {
    process.kill(this.replica(name).pid, signal);
  }

  /** A replica's Prometheus text from its internal listener. */
  async metrics(name: string): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${String(this.replica(name).internal_port)}/metrics`);
    return response.text();
  }

  /** The sum of a metric's samples whose labels include `labels` (e.g. `outcome="succeeded"`). */
  async metric(name: string, metric: string, labels = ''): Promise<number> {
    let total = 0;
    for (const line of (await this.metrics(name)).split('\n')) {
      const match = /^([a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
      if (match?.[1] === metric && (match[2] ?? '').includes(labels)) total += Number(match[3]);
    }
    return total;
  }

  /** A replica's readiness: its status code, or 0 when it did not answer. */
  async readiness(name: string): Promise<number> {
    const response = await fetch(`http://127.0.0.1:${String(this.replica(name).internal_port)}/readyz`, { signal: AbortSignal.timeout(3_000) }).catch(
      () => undefined,
    );
    return response?.status ?? 0;
  }

  async admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = readFileSync(join(this.dataDir, 'admin-url'), 'utf8').trim();
    const token = readFileSync(join(this.dataDir, 'admin-token'), 'utf8').trim();
    const response = await fetch(`${url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`admin ${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A new designer and a personal token of theirs holding `scopes`. */
  async designerToken(scopes: readonly string[]): Promise<{ designerId: number; token: string }> {
    const email = `${this.name}-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const designer = await this.admin<{ id: number }>('POST', '/designers', { name: 'Harness Designer', email, password: 'correct horse battery' });
    const { token } = await this.admin<{ token: string }>('POST', '/tokens', { designer_id: designer.id, scopes: scopes.join(' ') });
    return { designerId: designer.id, token };
  }

  /** The object keys under `prefix` in the cluster's bucket. */
  async objectKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of minioClient(infraServers()).listObjectsV2(this.bucket, prefix, true) as AsyncIterable<{ name?: string }>)
      if (item.name) keys.push(item.name);
    return keys;
  }

  /** Ctrl-C (every replica drained and stopped), then its databases, bucket and folder gone. */
  async stop({ keepLogs = false }: { keepLogs?: boolean } = {}): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    const { databaseUrl } = infraServers();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const service of DATABASE_SERVICES) await client.query(`DROP DATABASE IF EXISTS "${this.name}_${service}" WITH (FORCE)`);
    await client.end();
    await removeBucket(infraServers(), this.bucket);
    if (!keepLogs) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
