import { describe, expect, it } from '@jest/globals';
import { unwrap } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { ONE_PIXEL_PNG } from '../../../../tests/support/artwork-server.ts';
import { clientFor, EVERY_SCOPE } from './client-for.ts';

/** Spends the rest of a minute's budget with plain requests until the gateway answers 429; returns its Retry-After. */
async function exhaust(send: () => Promise<Response>, budget: number): Promise<number> {
  for (let sent = 0; sent <= budget; sent += 1) {
    const response = await send();
    await response.body?.cancel();
    if (response.status === 429) return Number(response.headers.get('retry-after'));
  }
  throw new Error(`no 429 after ${String(budget + 1)} requests`);
}

export function describeRetries(system: RunningSystem, limits: { readsPerMinute: number; writesPerMinute: number }): void {
  describe('retries on 429', () => {
    it('waits out Retry-After for every request: the gateway refused it before anything was done', async () => {
      const token = await system.personalToken(EVERY_SCOPE);
      const { client, sent } = await clientFor(system, EVERY_SCOPE, { auth: token });
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Limited' } })).data.id;
      const plain = (method: string, path: string, body?: unknown) =>
        fetch(`${system.gateway}/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const readWait = await exhaust(() => plain('GET', '/me'), limits.readsPerMinute);
      await exhaust(() => plain('PATCH', `/projects/${String(project)}`, { genre: 'x' }), limits.writesPerMinute);
      expect(readWait).toBeGreaterThan(0);

      // A wait longer than the client accepts is no wait: the 429 comes back at once.
      const { client: impatient } = await clientFor(system, EVERY_SCOPE, { auth: token, retry: { maxWaitSeconds: 0 } });
      expect((await impatient.api.GET('/api/v1/me')).response.status).toBe(429);

      sent.length = 0;
      const [read, create, upload] = await Promise.all([
        client.api.GET('/api/v1/me'),
        client.api.POST('/api/v1/projects', { body: { name: 'Not now' } }),
        client.uploadAsset(project, { data: ONE_PIXEL_PNG, filename: 'later.png' }),
      ]);
      // Each was sent again once the window reset, and succeeded: a 429 did nothing, so even a plain POST is safe to send again.
      expect(create.response.status).toBe(201);
      expect(sent.filter((line) => line === 'POST /api/v1/projects').length).toBeGreaterThanOrEqual(2);
      expect(unwrap(await client.api.GET('/api/v1/projects')).data.filter((row) => row.name === 'Not now')).toHaveLength(1);
      expect(read.response.status).toBe(200);
      expect(upload.size).toBe(ONE_PIXEL_PNG.length);
      expect(sent.filter((line) => line === 'GET /api/v1/me').length).toBeGreaterThanOrEqual(2);
      expect(sent.filter((line) => line === `POST /api/v1/projects/${String(project)}/assets`).length).toBeGreaterThanOrEqual(2);
    }, 180_000);
  });
}
