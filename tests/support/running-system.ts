import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, eventually, infra, uniqueName } from '@boardsync/kit/testing';
import { ensurePublicBucket } from '../../scripts/cluster/servers.ts';
import { removeTestBucket } from '../../services/asset/test/support/test-buckets.ts';
import { AdminApi } from './admin-api.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';
import { DATABASE_SERVICES, SERVICES, freeListeners, standaloneEnv, testSecret, type Service, type StandaloneWorld } from './standalone-env.ts';

const LOG_DIR = fileURLToPath(new URL('../../.cache/test-logs/', import.meta.url));
/** A service's drain (10 s at most) and its shutdown, well within a Kubernetes grace period (30 s). */
const STOP_GRACE_MS = 25_000;

/** Settings beyond what each service needs to start (`standaloneEnv`), per service. */
export type ExtraSettings = Partial<Record<Service, Record<string, string>>>;

/**
 * The whole system as it runs deployed: five `node src/main.ts` processes on the real Postgres,
 * Kafka, Redis and MinIO, reached only through the gateway, as a tool meets it. The admin API on
 * auth's internal listener makes designers and tokens, as an operator would.
 */
export class RunningSystem {
  private readonly namespace = uniqueName('sys');
  private readonly bucket = this.namespace.toLowerCase().replace(/_/g, '-');
  private readonly databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  private readonly running: ServiceProcess[] = [];
  private world!: StandaloneWorld;

  private readonly extra: ExtraSettings;

  constructor(extra: ExtraSettings = {}) {
    this.extra = extra;
  }

  /** The gateway's address, as the services' PUBLIC_BASE_URL names it (pagination links start with it). */
  get gateway(): string {
    return `http://localhost:${String(this.world.listeners.gateway.port)}`;
  }

  async start(): Promise<void> {
    this.world = { namespace: this.namespace, bucket: this.bucket, databaseUrls: {}, listeners: await freeListeners() };
    for (const service of DATABASE_SERVICES) {
      const database = await createTestDatabase(`sys_${service}`);
      this.databases.push(database);
      this.world.databaseUrls[service] = database.url;
    }
    // As a deployment's platform grants: anyone with an object's URL may read it.
    await ensurePublicBucket(
      {
        s3Endpoint: infra.s3Endpoint,
        s3AccessKey: infra.s3AccessKey,
        s3SecretKey: infra.s3SecretKey,
      },
      this.bucket,
    );
    for (const service of SERVICES) {
      this.running.push(startServiceProcess(service, [], { ...standaloneEnv(service, this.world), ...this.extra[service] }));
    }
    for (const [index, service] of SERVICES.entries()) {
      const process = this.running[index];
      await eventually(
        async () => ((await fetch(`http://127.0.0.1:${String(this.world.listeners[service].port)}/readyz`).catch(() => undefined))?.ok ? true : undefined),
        60_000,
        `${service} to be ready; its output so far:\n${process?.output() ?? ''}`,
      );
    }
  }

  /**
   * Stops every service at once, as a rollout stops pods, each given STOP_GRACE_MS after SIGTERM
   * (then killed, and named in the error thrown); each one's output, shutdown included, is kept in
   * .cache/test-logs (git-ignored) for a failure to be read after the fact.
   */
  async stop(): Promise<void> {
    const late = new Map<ServiceProcess, string>();
    const stopped = await Promise.all(
      this.running.map(async (service) => {
        service.child.kill('SIGTERM');
        const timer = new Promise<'late'>((resolve) => {
          setTimeout(() => {
            resolve('late');
          }, STOP_GRACE_MS).unref();
        });
        if ((await Promise.race([service.exited, timer])) !== 'late') return true;
        late.set(service, stuckThreads(service.child.pid));
        service.child.kill('SIGKILL');
        await service.exited;
        return false;
      }),
    );
    mkdirSync(LOG_DIR, { recursive: true });
    for (const [index, service] of this.running.entries())
      writeFileSync(join(LOG_DIR, `${this.namespace}-${SERVICES[index] ?? 'service'}.log`), service.output() + (late.get(service) ?? ''));
    for (const database of this.databases) await database.drop();
    await removeTestBucket(this.bucket);
    const unstopped = SERVICES.filter((_, index) => stopped[index] === false);
    if (unstopped.length > 0)
      throw new Error(`not stopped ${String(STOP_GRACE_MS / 1000)} s after SIGTERM: ${unstopped.join(', ')} (logs in ${LOG_DIR}, its threads at their end)`);
  }

  /** What `service`'s process has written to stdout and stderr so far (its JSON log lines). */
  outputOf(service: Service): string {
    return this.running[SERVICES.indexOf(service)]?.output() ?? '';
  }

  private readonly adminApi = new AdminApi(() => `http://127.0.0.1:${String(this.world.listeners.auth.internalPort)}`, testSecret('admin'));

  /** A designer of their own, so that each test has its own rate-limit budget and data. */
  designer(): Promise<{ id: number; email: string; password: string }> {
    return this.adminApi.designer();
  }

  /** A personal token of a new designer (or `designerId`'s) holding `scopes`. */
  async personalToken(scopes: readonly string[], designerId?: number): Promise<string> {
    return (await this.adminApi.issueToken(scopes, designerId)).token;
  }

  /** As {@link personalToken}, with the id the admin API revokes it by. */
  issueToken(scopes: readonly string[], designerId?: number): Promise<{ id: number; token: string }> {
    return this.adminApi.issueToken(scopes, designerId);
  }

  admin(method: string, path: string, body?: unknown): Promise<unknown> {
    return this.adminApi.call(method, path, body);
  }

  /** A service's internal listener (admin API, `/metrics`), never reached through the gateway. */
  internalOrigin(service: Service): string {
    return `http://127.0.0.1:${String(this.world.listeners[service].internalPort)}`;
  }

  /** The admin token every internal listener takes. */
  adminToken(): string {
    return testSecret('admin');
  }

  /** `service`'s `/metrics`, read from its internal listener as a pod's would be scraped. */
  async metrics(service: Service): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${String(this.world.listeners[service].internalPort)}/metrics`);
    if (!response.ok) throw new Error(`${service} /metrics answered ${String(response.status)}`);
    return response.text();
  }
}

/**
 * What a process that would not stop was doing, for its log: each thread's name, state and kernel
 * wait (from /proc), and its native stacks when gdb is on the machine. Empty where neither is.
 */
function stuckThreads(pid: number | undefined): string {
  if (pid === undefined) return '';
  try {
    const threads = readdirSync(`/proc/${String(pid)}/task`).map((tid) => {
      const read = (file: string): string => readFileSync(`/proc/${String(pid)}/task/${tid}/${file}`, 'utf8').trim();
      return `${tid} ${read('comm')} ${read('stat').split(') ')[1]?.split(' ')[0] ?? '?'} ${read('wchan')}`;
    });
    const gdb = spawnSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 20'], { encoding: 'utf8', timeout: 20_000 });
    return `\n--- threads when it was killed (tid, name, state, kernel wait)\n${threads.join('\n')}\n${gdb.error ? '' : `--- native stacks\n${gdb.stdout}`}`;
  } catch {
    return '';
  }
}
