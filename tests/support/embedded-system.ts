import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort } from '@boardsync/kit/testing';
import { AdminApi } from './admin-api.ts';

const START_SCRIPT = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));
const START_TIMEOUT_MS = 120_000;

/**
 * `npm start` as a newcomer runs it (scripts/start.ts in a process of its own, on a data folder of
 * its own), met as RunningSystem meets the deployed services: through the gateway, plus the admin
 * APIs on the internal listeners whose addresses it writes into its data folder.
 */
export class EmbeddedSystem {
  gateway = '';
  private child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  private output = '';
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
  private readonly extra: Record<string, string>;
  private readonly adminApi = new AdminApi(() => this.internalOrigin('auth'), '');

  constructor(extra: Record<string, string> = {}) {
    this.extra = extra;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.child = spawn(process.execPath, [START_SCRIPT], {
      env: { ...process.env, PORT: String(port), AUTH_PORT: '0', CATALOG_PORT: '0', ASSET_PORT: '0', WEBHOOK_PORT: '0', DATA_DIR: this.dataDir, ...this.extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    // The banner's last line comes once the demo account exists.
    while (!this.output.includes('stop with Ctrl-C') && this.child.exitCode === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (!this.output.includes('stop with Ctrl-C')) {
      this.child.kill('SIGKILL');
      throw new Error(`npm start never started:\n${this.output}`);
    }
    this.gateway = `http://localhost:${String(port)}`;
    this.adminApi.useToken(readFileSync(join(this.dataDir, 'admin-token'), 'utf8').trim());
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A service's internal listener (admin API), as `npx boardsync-admin` finds it. */
  internalOrigin(service: 'auth' | 'catalog' | 'webhook'): string {
    const file = { auth: 'admin-url', catalog: 'catalog-admin-url', webhook: 'webhook-admin-url' }[service];
    return readFileSync(join(this.dataDir, file), 'utf8').trim();
  }

  /** The admin token every internal listener takes. */
  adminToken(): string {
    return readFileSync(join(this.dataDir, 'admin-token'), 'utf8').trim();
  }

  designer(): Promise<{ id: number; email: string; password: string }> {
    return this.adminApi.designer();
  }

  issueToken(scopes: readonly string[], designerId?: number): Promise<{ id: number; token: string }> {
    return this.adminApi.issueToken(scopes, designerId);
  }

  admin(method: string, path: string, body?: unknown): Promise<unknown> {
    return this.adminApi.call(method, path, body);
  }
}
