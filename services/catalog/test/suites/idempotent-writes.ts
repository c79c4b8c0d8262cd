import { describe, expect, it } from '@jest/globals';
import { newProject } from '../support/components.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

interface Reply {
  status: number;
  body: Record<string, unknown>;
  replayed: string | null;
}

/** Run by a spec file per backend: every catalog POST honours Idempotency-Key on Postgres and in the embedded mode. */
export function idempotentWriteSuite(world: CatalogWorld): void {
  const someone = (extra: Partial<Caller> = {}): Caller => ({ designerId: world.designer(), ...extra });
  let keys = 0;
  const newKey = (): string => `write-${String(++keys)}-${String(Date.now())}`;

  async function post(caller: Caller, path: string, body: unknown, key?: string, base?: string): Promise<Reply> {
    const headers: Record<string, string> = key === undefined ? {} : { 'Idempotency-Key': key };
    const response = base
      ? await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...(await world.principalHeaders(caller)), 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
      : await world.call(caller, 'POST', path, body, headers);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, replayed: response.headers.get('idempotent-replayed') };
  }

  const projectCount = async (caller: Caller): Promise<number> => {
    const response = await world.call(caller, 'GET', '/api/v1/projects?per_page=1');
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };
  const groupCount = async (caller: Caller, projectId: number): Promise<number> => {
    const response = await world.call(caller, 'GET', `/api/v1/projects/${String(projectId)}/groups`);
    return ((await response.json()) as { data: unknown[] }).data.length;
  };

  describe('Idempotency-Key on every POST', () => {
    it.each([
      ['POST /projects', () => Promise.resolve({ path: '/api/v1/projects', body: { name: 'Tide Runners' } })],
      [
        'POST …/groups',
        async (me: Caller) => ({ path: `/api/v1/projects/${String(await newProject(world, me))}/groups`, body: { kind: 'deck', name: 'Weather' } }),
      ],
      [
        'POST …/components',
        async (me: Caller) => ({
          path: `/api/v1/projects/${String(await newProject(world, me))}/components`,
          body: { type: 'card', component: { name: 'Squall', quantity: 2 } },
        }),
      ],
      [
        'POST …/components/batch',
        async (me: Caller) => ({
          path: `/api/v1/projects/${String(await newProject(world, me))}/components/batch`,
          body: {
            type: 'card',
            components: [
              { unique_id: 'a', name: 'Squall' },
              { unique_id: 'b', name: 'Calm' },
            ],
          },
        }),
      ],
    ])('%s: a repeat answers the first status and body, marked as a replay, and writes nothing again', async (_name, target) => {
      const me = someone();
      const { path, body } = await target(me);
      const key = newKey();
      const first = await post(me, path, body, key);
      const again = await post(me, path, body, key);
      expect(first.status).toBe(201);
      expect([again.status, again.body, first.replayed, again.replayed]).toEqual([first.status, first.body, null, 'true']);

      // Run again, each would answer otherwise: another project, the group found (200), the rows matched (200, `updated`).
      if (path.endsWith('/projects')) expect(await projectCount(me)).toBe(1);
    });

    it('the same key with another body or on another operation is 422 idempotency_key_reused, and writes nothing', async () => {
      const me = someone();
      const key = newKey();
      expect((await post(me, '/api/v1/projects', { name: 'One' }, key)).status).toBe(201);
      const other = await post(me, '/api/v1/projects', { name: 'Two' }, key);
      expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
      const projectId = await newProject(world, me);
      const elsewhere = await post(me, `/api/v1/projects/${String(projectId)}/groups`, { kind: 'deck', name: 'One' }, key);
      expect([elsewhere.status, elsewhere.body.code]).toEqual([422, 'idempotency_key_reused']);
      expect(await projectCount(me)).toBe(2);
      expect(await groupCount(me, projectId)).toBe(0);
    });

    it('repeats sent at once, on two replicas, wait for the first: one project, every answer its 201', async () => {
      const me = someone();
      const replica = await world.replica();
      try {
        const key = newKey();
        const body = { name: 'Raced' };
        const replies = await Promise.all([0, 1, 2, 3].map((index) => post(me, '/api/v1/projects', body, key, index % 2 ? replica.url : undefined)));
        expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
        for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
        expect(replies.filter((reply) => reply.replayed === 'true')).toHaveLength(3);
        expect(await projectCount(me)).toBe(1);
      } finally {
        await replica.close();
      }
    });

    it('keys are per designer and app: the same key from another app or designer is a request of its own', async () => {
      const me = someone();
      const key = newKey();
      const mine = await post(me, '/api/v1/projects', { name: 'Mine' }, key);
      const otherApp = await post({ ...me, source: 'api:other-app' }, '/api/v1/projects', { name: 'Mine' }, key);
      const otherDesigner = someone();
      const theirs = await post(otherDesigner, '/api/v1/projects', { name: 'Mine' }, key);
      expect([mine.status, otherApp.status, otherApp.replayed, theirs.status, theirs.replayed]).toEqual([201, 201, null, 201, null]);
      expect(new Set([mine, otherApp, theirs].map((reply) => (reply.body.data as { id: number }).id)).size).toBe(3);
      expect(await projectCount(otherDesigner)).toBe(1);
    });

    it('a refusal is not remembered: after 403 plan_limit_reached the same key is tried afresh once there is room', async () => {
      const me = someone({ unlockedLimit: 0 });
      const key = newKey();
      const refused = await post(me, '/api/v1/projects', { name: 'Later' }, key);
      expect([refused.status, refused.body.code]).toEqual([403, 'plan_limit_reached']);
      const retried = await post({ ...me, unlockedLimit: 1 }, '/api/v1/projects', { name: 'Later' }, key);
      expect([retried.status, retried.replayed]).toEqual([201, null]);
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['a space', 'my key'],
    ])('a key that is %s is 400 invalid_idempotency_key and writes nothing', async (_case, key) => {
      const me = someone();
      const reply = await post(me, '/api/v1/projects', { name: 'Never' }, key);
      expect([reply.status, reply.body.code]).toEqual([400, 'invalid_idempotency_key']);
      expect(await projectCount(me)).toBe(0);
    });
  });
}
