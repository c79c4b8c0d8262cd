import { describe, expect, it } from '@jest/globals';
import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eventually, freePort } from '@boardsync/kit/testing';

/**
 * Five services migrating PGlite databases one after another: ~15 s alone, and several times that
 * when the suite's other workers keep both cores busy. A bound on waiting, not a claim on speed.
 */
const START_DEADLINE_MS = 120_000;
const TEST_TIMEOUT_MS = START_DEADLINE_MS + 60_000;

const startScript = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));
const adminCli = fileURLToPath(new URL('../services/auth/bin/boardsync-admin.js', import.meta.url));

interface Started {
  child: ChildProcessByStdio<null, Readable, Readable>;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startEmbedded(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, [startScript], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      AUTH_PORT: '0',
      CATALOG_PORT: '0',
      ASSET_PORT: '0',
      WEBHOOK_PORT: '0',
      // The webhook test's receiver listens on this machine; only a development setting lets the service reach it.
      SSRF_ALLOW_CIDRS: '127.0.0.1/32',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + START_DEADLINE_MS;
  // The banner's last line comes after the demo account exists.
  while (!output.includes('stop with Ctrl-C') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const base = /listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!base || !output.includes('stop with Ctrl-C')) {
    child.kill('SIGKILL');
    throw new Error(`never started:\n${output}`);
  }
  return { child, base, output: () => output, exited };
}

describe('npm start (embedded mode)', () => {
  it(
    'creates a demo designer and an every-scope token on first start, and a newcomer can call /me at once',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
      let running: Started | undefined;
      try {
        running = await startEmbedded(dataDir);
        const token = /demo token \(every scope\): (\S+)/.exec(running.output())?.[1];
        expect(running.output()).toMatch(/curl -H "Authorization: Bearer bsp_\S+" http:\/\/localhost:\d+\/api\/v1\/me/);
        const me = await fetch(`${running.base}/api/v1/me`, { headers: { authorization: `Bearer ${token ?? ''}` } });
        expect(me.status).toBe(200);
        const account = (await me.json()) as { user: { email: string }; token: { scopes: string[]; app: string } };
        expect(account.user.email).toBe('demo@boardsync.local');
        expect(account.token.app).toBe('api:personal');
        expect(account.token.scopes).toHaveLength(7);

        // The admin CLI finds the embedded admin API and its token by itself.
        const { stdout } = await promisify(execFile)(process.execPath, [adminCli, 'designer', 'show', '--designer', '1'], {
          env: { ...process.env, DATA_DIR: dataDir },
        });
        expect(JSON.parse(stdout)).toMatchObject({ id: 1, email: 'demo@boardsync.local' });

        expect(await (await fetch(`${running.base}/healthz`)).json()).toEqual({ status: 'ok' });
        // The public listener says ready or not; which dependency and /metrics only on the internal one.
        expect(await (await fetch(`${running.base}/readyz`)).json()).toEqual({ status: 'ok' });
        expect((await fetch(`${running.base}/metrics`)).status).toBe(404);
        const internal = /internal: {2}(http:\/\/127\.0\.0\.1:\d+)\/readyz \(each dependency\)/.exec(running.output())?.[1] ?? 'not printed';
        expect(await (await fetch(`${internal}/readyz`)).json()).toEqual({ status: 'ok', checks: { bus: 'ok' } });
        expect(await (await fetch(`${internal}/metrics`)).text()).toContain('boardsync_http_request_duration_seconds');
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
        for (const part of ['gateway http', 'gateway internal http', 'auth http', 'auth internal http', 'auth outbox relay', 'auth database', 'bus'])
          expect(running.output()).toContain(`"part":"${part}","msg":"closed"`);

        // A later start keeps the account and says where its facts are kept instead of printing them.
        running = await startEmbedded(dataDir);
        expect(running.output()).toContain('demo.json');
        expect(running.output()).not.toContain(token ?? 'no token was printed');
        const demo = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as { token: string };
        expect((await fetch(`${running.base}/api/v1/me`, { headers: { authorization: `Bearer ${demo.token}` } })).status).toBe(200);
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        running?.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "serves a card generator's sync through the gateway: webhook, project, batch with decks, list, groups, delete, /me counts",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
      let running: Started | undefined;
      let receiver: Server | undefined;
      try {
        running = await startEmbedded(dataDir);
        const token = /demo token \(every scope\): (\S+)/.exec(running.output())?.[1] ?? '';
        const api = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${running?.base ?? ''}/api/v1${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        };
        // A webhook receiver on this machine (SSRF_ALLOW_CIDRS lets the embedded webhook service reach it).
        const received: { headers: IncomingHttpHeaders; body: string }[] = [];
        receiver = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            received.push({ headers: request.headers, body });
            response.end();
          });
        });
        await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
        const hook = await api('POST', '/webhooks', {
          url: `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/`,
          events: ['components.changed'],
        });
        expect(hook.status).toBe(201);
        const project = await api('POST', '/projects', { name: 'Sync test' });
        expect(project.status).toBe(201);
        const projectId = (project.body.data as { id: number }).id;
        const cards = Array.from({ length: 120 }, (_, index) => ({
          unique_id: `card-${String(index)}`,
          name: `Card ${String(index)}`,
          deck_names: index < 60 ? 'Draw' : 'Market',
          card_mask_type: 'rectangle_rounded',
        }));
        const written = await api('POST', `/projects/${String(projectId)}/components/batch`, { type: 'card', components: cards });
        expect(written.status).toBe(201);
        expect(written.body).toMatchObject({ created: 120, updated: 0, deleted: 0, errors: [], internalizing: false });
        const delivery = await eventually(() => received[0], 20_000, 'the components.changed delivery');
        const timestamp = String(delivery.headers['x-svc-timestamp']);
        const secret = (hook.body as { secret: string }).secret;
        expect(delivery.headers['x-svc-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);
        expect(JSON.parse(delivery.body)).toMatchObject({ event: 'components.changed', data: { created: 120 } });
        expect((await api('POST', `/projects/${String(projectId)}/components/batch`, { type: 'card', components: cards })).status).toBe(200);

        const page = await api('GET', `/projects/${String(projectId)}/components?per_page=50&type=card`);
        expect(page.body.meta).toMatchObject({ total: 120, last_page: 3, per_page: 50 });
        expect((page.body.links as { next: string }).next).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/projects\/\d+\/components\?.*type=card/);
        expect((page.body.data as { card_mask_type: string; deck_names: string[] }[])[0]).toMatchObject({
          card_mask_type: 'default:rectangle_rounded',
          deck_names: ['Draw'],
        });
        const groups = await api('GET', `/projects/${String(projectId)}/groups?include_members=true`);
        expect((groups.body.data as { name: string; member_count: number }[]).map((group) => [group.name, group.member_count])).toEqual([
          ['Draw', 60],
          ['Market', 60],
        ]);
        expect(await api('DELETE', `/projects/${String(projectId)}/components/card-0`)).toEqual({ status: 200, body: { deleted: true } });
        const me = await api('GET', '/me');
        expect(me.body.projects).toMatchObject({ count: 1, unlocked_count: 1 });
        const read = await api('GET', `/projects/${String(projectId)}`);
        expect((read.body.data as { component_count: number }).component_count).toBe(119);
        // Conditional reads pass through the gateway: the ETag comes back, and naming it answers 304.
        const projectUrl = `${running.base}/api/v1/projects/${String(projectId)}`;
        const tag = (await fetch(projectUrl, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag') ?? 'none';
        expect((await fetch(projectUrl, { headers: { authorization: `Bearer ${token}`, 'if-none-match': tag } })).status).toBe(304);
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        receiver?.close();
        running?.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stores artwork: an upload through the gateway is served by the gateway at its URL, sandboxed, and counted by /me',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
      let running: Started | undefined;
      try {
        running = await startEmbedded(dataDir);
        const token = /demo token \(every scope\): (\S+)/.exec(running.output())?.[1] ?? '';
        const auth = { authorization: `Bearer ${token}` };
        const base = running.base;
        const project = (await (
          await fetch(`${base}/api/v1/projects`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"Art"}' })
        ).json()) as {
          data: { id: number };
        };
        const svg =
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>';
        const form = new FormData();
        form.set('file', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
        const uploaded = await fetch(`${base}/api/v1/projects/${String(project.data.id)}/assets`, { method: 'POST', headers: auth, body: form });
        expect(uploaded.status).toBe(201);
        const asset = (await uploaded.json()) as { url: string; size: number; key: string };
        // The URL is the gateway's own /assets/{key} (PUBLIC_BASE_URL defaults to localhost:PORT).
        expect(asset.url).toBe(`${base.replace('127.0.0.1', 'localhost')}/assets/${asset.key}`);
        const served = await fetch(`${base}/assets/${asset.key}`);
        const text = await served.text();
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/svg+xml');
        expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(text).toContain('<rect');
        expect(text).not.toMatch(/script|onload/i);
        expect(Buffer.byteLength(text)).toBe(asset.size);
        const me = (await (await fetch(`${base}/api/v1/me`, { headers: auth })).json()) as {
          storage: { used_bytes: number; remaining_bytes: number; limit_bytes: number };
        };
        expect(me.storage).toMatchObject({ used_bytes: asset.size, remaining_bytes: me.storage.limit_bytes - asset.size });
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        running?.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'applies a plan change from the admin CLI to the very next create, lowered or raised',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-embedded-'));
      let running: Started | undefined;
      try {
        running = await startEmbedded(dataDir);
        const base = running.base;
        const token = /demo token \(every scope\): (\S+)/.exec(running.output())?.[1] ?? '';
        const setCap = (cap: string) =>
          promisify(execFile)(process.execPath, [adminCli, 'designer', 'set-plan', '--designer', '1', '--unlocked-limit', cap], {
            env: { ...process.env, DATA_DIR: dataDir },
          });
        const create = async (name: string) => {
          const response = await fetch(`${base}/api/v1/projects`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          });
          return [response.status, ((await response.json()) as { code?: string }).code];
        };
        // The gateway now remembers this token's answer, with the plan as it was.
        expect((await fetch(`${base}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

        await setCap('1');
        expect(await create('First')).toEqual([201, undefined]);
        expect(await create('Second')).toEqual([403, 'plan_limit_reached']);
        await setCap('2');
        expect(await create('Second')).toEqual([201, undefined]);
        await setCap('none');
        expect(await create('Third')).toEqual([201, undefined]);
      } finally {
        running?.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );

  // Its own PORT, then one setting each service reads from the environment, as it would alone (tests/embedded-settings.spec.ts has them all).
  it.each([
    ['PORT', 'eighty'],
    ['RATE_LIMIT_READS_PER_MINUTE', 'many'],
    ['DEFAULT_UNLOCKED_PROJECT_LIMIT', 'few'],
    ['IMAGE_MAX_FRAMES', 'lots'],
    ['WEBHOOK_RETRY_DELAYS', 'soon'],
  ])('refuses a bad %s with one line naming it, before anything starts', async (variable, value) => {
    const child = spawn(process.execPath, [startScript], { env: { ...process.env, [variable]: value }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(stderr.trim()).toMatch(new RegExp(`^invalid configuration: ${variable}: .*\\(got "${value}"\\)$`));
  });
});
