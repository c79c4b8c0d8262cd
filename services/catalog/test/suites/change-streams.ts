import { describe, expect, it } from '@jest/globals';
import { headOf, type Change } from '../support/changes.ts';
import { batch, newProject } from '../support/components.ts';
import { EventStreamReader } from '../support/event-stream.ts';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: `GET /changes` with `Accept: text/event-stream` (the world's streams beat every 1 s and last 5 s). */
export function changeStreamSuite(world: CatalogWorld): void {
  const someone = (): Caller => ({ designerId: world.designer(), source: 'api:sim' });
  const open = async (caller: Caller, query: string, headers: Record<string, string> = {}) =>
    new EventStreamReader(`${world.url}/api/v1/changes${query}`, { ...(await world.principalHeaders(caller)), ...headers });
  const changeOf = (data: string | undefined): Change => JSON.parse(data ?? 'null') as Change;

  describe('the changes feed as server-sent events', () => {
    it('streams each change as it commits, its cursor the event id, with heartbeats while quiet, then ends by itself', async () => {
      const me = someone();
      const projectId = await newProject(world, me);
      const stream = await open(me, `?after=${await headOf(world, me)}`);
      await stream.until((events) => events.some((event) => event.kind === 'retry'));
      expect([stream.status, stream.headers['content-type'], stream.headers['cache-control']]).toEqual([200, 'text/event-stream; charset=utf-8', 'no-store']);
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'a', name: 'A' }] });
      await batch(world, me, projectId, { type: 'card', components: [{ unique_id: 'b', name: 'B' }] });
      await stream.until(() => stream.changes().length >= 2);
      const [first, second] = stream.changes();
      expect([changeOf(first?.data).unique_id, changeOf(second?.data).unique_id]).toEqual(['a', 'b']);
      expect(first?.id).toBe(changeOf(first?.data).cursor);
      await stream.until((events) => events.some((event) => event.kind === 'comment'), 5_000);
      await stream.ended;
      expect(stream.changes()).toHaveLength(2);
    });

    it('resumes after Last-Event-ID, which wins over the URL’s after, so a reconnect neither misses nor repeats', async () => {
      const me = someone();
      const head = await headOf(world, me);
      const projectId = await newProject(world, me);
      const written = await batch(world, me, projectId, {
        type: 'token',
        components: [
          { unique_id: 't1', name: 'T1' },
          { unique_id: 't2', name: 'T2' },
        ],
      });
      expect(written.status).toBe(201);
      const whole = await open(me, `?after=${head}`);
      await whole.until(() => whole.changes().length >= 3);
      whole.close();
      const resumed = await open(me, `?after=${head}`, { 'last-event-id': whole.changes()[1]?.id ?? '' });
      await resumed.until(() => resumed.changes().length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      resumed.close();
      expect(resumed.changes().map((event) => event.id)).toEqual([whole.changes()[2]?.id]);
    });

    it('refuses what it cannot follow before streaming, as JSON problems: a bad cursor 400, a designer’s streams beyond their share 429', async () => {
      const me = someone();
      const refused = await open(me, '?after=forged');
      await refused.ended;
      expect([refused.status, JSON.parse(refused.body)]).toMatchObject([400, { code: 'invalid_cursor' }]);
      const held = await Promise.all([1, 2, 3].map(() => open(me, '')));
      await Promise.all(held.map((stream) => stream.until((events) => events.length > 0)));
      const beyond = await open(me, '');
      await beyond.ended;
      expect([beyond.status, beyond.headers['retry-after'], JSON.parse(beyond.body)]).toMatchObject([429, '5', { code: 'too_many_waiting' }]);
      const neighbour = await open(someone(), '');
      await neighbour.until((events) => events.length > 0);
      expect(neighbour.status).toBe(200);
      for (const stream of [...held, neighbour]) stream.close();
    });

    it('ends its streams and answers its long-polls at once when its replica stops, before the listener drains', async () => {
      const me = someone();
      const replica = await world.replica();
      try {
        const head = await headOf(world, me);
        const headers = await world.principalHeaders(me);
        const stream = new EventStreamReader(`${replica.url}/api/v1/changes?after=${head}`, headers);
        await stream.until((events) => events.some((event) => event.kind === 'retry'));
        // Bounded well below its 30 s wait: only the stop can answer it in time.
        const held = fetch(`${replica.url}/api/v1/changes?after=${head}&wait=30`, { headers, signal: AbortSignal.timeout(10_000) });
        await new Promise((resolve) => setTimeout(resolve, 300));
        replica.feed.waiters.stop();
        const answered = await held;
        expect([answered.status, ((await answered.json()) as { data: unknown[]; meta: { cursor: string } }).data]).toEqual([200, []]);
        // The world's streams end by themselves after 5 s: well after this bound.
        const endedSoon = await Promise.race([
          stream.ended.then(() => true),
          new Promise<false>((resolve) =>
            setTimeout(() => {
              resolve(false);
            }, 2_000),
          ),
        ]);
        expect(endedSoon).toBe(true);
      } finally {
        await replica.close();
      }
    });
  });
}
