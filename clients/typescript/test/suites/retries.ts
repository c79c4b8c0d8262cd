import { describe, expect, it } from '@jest/globals';
import { unwrap } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { answerCutter } from '../../../../tests/support/answer-cutter.ts';
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

  describe('a write whose answer is lost after the server committed it', () => {
    it('is sent again with the same Idempotency-Key and done once: the retry is answered the first result, marked replayed', async () => {
      const cutter = await answerCutter(system.gateway);
      try {
        const token = await system.personalToken(EVERY_SCOPE);
        const { client: cut } = await clientFor(system, EVERY_SCOPE, { auth: token, baseUrl: cutter.url });
        const { client: direct } = await clientFor(system, EVERY_SCOPE, { auth: token });

        const created = await cut.api.POST('/api/v1/projects', { body: { name: 'Answer lost' } });
        expect([created.response.status, created.response.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
        const project = unwrap(created).data.id;
        const group = await cut.api.POST('/api/v1/projects/{project}/groups', { params: { path: { project } }, body: { kind: 'deck', name: 'Weather' } });
        // Done again, it would have found the deck (200): the retry was answered the first 201.
        expect([group.response.status, group.response.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
        const hook = await cut.api.POST('/api/v1/webhooks', { body: { url: 'http://127.0.0.1:9/hooks', events: ['components.changed'] } });
        expect(hook.response.status).toBe(201);
        expect(unwrap(hook).secret).toMatch(/^whsec_/);
        expect(cutter.cut).toEqual(['POST /api/v1/projects', `POST /api/v1/projects/${String(project)}/groups`, 'POST /api/v1/webhooks']);

        expect(unwrap(await direct.api.GET('/api/v1/projects')).data.filter((row) => row.name === 'Answer lost')).toHaveLength(1);
        expect(unwrap(await direct.api.GET('/api/v1/webhooks')).data.map((row) => row.id)).toEqual([unwrap(hook).id]);
      } finally {
        await cutter.close();
      }
    }, 60_000);
  });
}
