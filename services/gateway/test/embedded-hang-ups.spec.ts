import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { eventually, freePort } from '@boardsync/kit/testing';
import { HANG_UPS, hangUp, type HangUpRequest } from './support/hang-ups.ts';
import { rawRequest } from './support/raw-http.ts';

// The whole embedded system (`npm start`) as a child process: an unhandled error anywhere in it ends the process.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'boardsync-hang-ups-'));
let system: ChildProcess;
let output = '';
const ports = { gateway: 0, auth: 0, catalog: 0 };
const url = (port: number) => `http://127.0.0.1:${port}`;
let token: string;

beforeAll(async () => {
  ports.gateway = await freePort();
  ports.auth = await freePort();
  ports.catalog = await freePort();
  system = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports.gateway),
      AUTH_PORT: String(ports.auth),
      CATALOG_PORT: String(ports.catalog),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  system.stdout?.on('data', collect);
  system.stderr?.on('data', collect);
  await eventually(
    () => (output.includes('is listening on') ? true : system.exitCode === null ? undefined : Promise.reject(new Error(output))),
    90_000,
    'the embedded system to start',
  );
  token = (JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  if (system.exitCode === null && system.signalCode === null) {
    const exited = new Promise((resolve) => system.once('exit', resolve));
    system.kill('SIGTERM');
    const forced = setTimeout(() => system.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(forced);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function answersWell(): Promise<void> {
  expect({ exitCode: system.exitCode, signal: system.signalCode }).toEqual({ exitCode: null, signal: null });
  for (const port of [ports.gateway, ports.auth, ports.catalog]) expect((await rawRequest(url(port), 'GET', '/healthz')).status).toBe(200);
  expect((await rawRequest(url(ports.gateway), 'GET', '/api/v1/me', { Authorization: `Bearer ${token}` })).status).toBe(200);
  expect((await rawRequest(url(ports.gateway), 'GET', '/login')).status).toBe(200);
}

it('survives clients hanging up at every stage, through the gateway and at the services themselves', async () => {
  await answersWell();
  const authorized = { Authorization: `Bearer ${token}` };
  const throughGateway: HangUpRequest[] = [
    { method: 'GET', target: '/login' },
    { method: 'POST', target: '/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    { method: 'POST', target: '/oauth/token', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    { method: 'GET', target: '/api/v1/me', headers: authorized },
    { method: 'GET', target: '/api/v1/projects', headers: authorized },
    { method: 'POST', target: '/api/v1/projects', headers: authorized },
    { method: 'POST', target: '/api/v1/projects/1/components/batch', headers: authorized },
    { method: 'GET', target: '/api/v1/projects' },
  ];
  // The services' own servers, as the gateway (or anything inside the cluster) reaches them.
  const atServices: [port: number, request: HangUpRequest][] = [
    [ports.auth, { method: 'POST', target: '/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
    [ports.auth, { method: 'POST', target: '/oauth/token', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
    [ports.auth, { method: 'GET', target: '/login' }],
    [ports.catalog, { method: 'POST', target: '/api/v1/projects' }],
    [ports.catalog, { method: 'GET', target: '/api/v1/masks' }],
  ];
  for (const stage of HANG_UPS) {
    await Promise.all([
      ...[...throughGateway, ...throughGateway].map((request) => hangUp(url(ports.gateway), stage, request)),
      ...atServices.map(([port, request]) => hangUp(url(port), stage, request)),
    ]);
    await answersWell();
  }
  expect(output).not.toMatch(/uncaught|unhandled|RequestAbortedError/i);
});
