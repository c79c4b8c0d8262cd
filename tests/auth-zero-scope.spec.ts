import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GatewayWorld } from '../services/gateway/test/support/world.ts';

// docs/rules.md "Authentication and scopes": a token with no scopes reaches nothing, not even /me. The CLI makes one only when asked by name.
const world = new GatewayWorld();
let gateway: string;
const cli = fileURLToPath(new URL('../services/auth/bin/boardsync-admin.js', import.meta.url));

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway(undefined, { realAuth: true });
});
afterAll(() => world.stop());

function runCli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [cli, ...args], {
    env: { ...process.env, BOARDSYNC_ADMIN_URL: world.authInternal.url, BOARDSYNC_ADMIN_TOKEN: 'admin-'.padEnd(40, 'a') },
  });
}

describe('boardsync-admin token create', () => {
  it('refuses an empty --scopes, pointing at --no-scopes', async () => {
    const designer = await world.designer();
    await expect(runCli('token', 'create', '--designer', String(designer), '--scopes', '')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--no-scopes') as unknown,
    });
    await expect(runCli('token', 'create', '--designer', String(designer), '--no-scopes', '--scopes', 'projects:read')).rejects.toMatchObject({ code: 2 });
  });
});

describe('a token created with --no-scopes', () => {
  it('is refused with insufficient_scope everywhere, /me included', async () => {
    const designer = await world.designer();
    const created = JSON.parse((await runCli('token', 'create', '--designer', String(designer), '--no-scopes', '--name', 'nothing')).stdout) as {
      token: string;
      scopes: string[];
    };
    expect(created.scopes).toEqual([]);

    const seenBefore = world.service.seen.length;
    for (const [method, path] of [
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/projects'],
      ['GET', '/api/v1/masks'],
      ['POST', '/api/v1/webhooks'],
    ] as const) {
      const response = await fetch(`${gateway}${path}`, {
        method,
        headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toMatchObject({ code: 'insufficient_scope' });
      expect(response.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    }
    // Refused at the door: no service saw any of it.
    expect(world.service.seen.length).toBe(seenBefore);

    // The same designer's token with one scope does reach /me (so the refusals above are about scopes).
    const one = JSON.parse((await runCli('token', 'create', '--designer', String(designer), '--scopes', 'assets:read')).stdout) as { token: string };
    expect((await fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${one.token}` } })).status).toBe(200);
  });
});
