import { describe, expect, it } from '@jest/globals';
import { BoardsyncError, unwrap, type BoardsyncClient, type Change } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { clientFor } from './client-for.ts';

/** Takes changes from `follow` until `count` came, then stops following. */
async function take(changes: AsyncGenerator<Change>, count: number): Promise<Change[]> {
  const taken: Change[] = [];
  for await (const change of changes) {
    taken.push(change);
    if (taken.length === count) break;
  }
  return taken;
}

async function newProject(client: BoardsyncClient, name: string): Promise<number> {
  return unwrap(await client.api.POST('/api/v1/projects', { body: { name } })).data.id;
}

/** The client's `follow` by long-poll, through the gateway of the whole system on the real servers. */
export function describeChanges(system: RunningSystem): void {
  describe('changes: head, list and follow through the gateway', () => {
    it('follows from the head, resumes from a kept cursor after being offline, and waits for the next change', async () => {
      const { client } = await clientFor(system);
      const { client: neighbour } = await clientFor(system);
      const head = await client.changes.head();
      const projectId = await newProject(client, 'Tide Runners');
      await newProject(neighbour, 'Not yours');
      const following = client.changes.follow({ after: head, mode: 'long-poll' });
      const first = await take(following, 1);
      expect([first[0]?.resource, first[0]?.action, first[0]?.id]).toEqual(['project', 'created', projectId]);

      // Offline: writes go on; the tool comes back with the cursor it kept.
      const kept = first[0]?.cursor ?? '';
      await client.writeComponents(projectId, { type: 'card', components: [{ unique_id: 'c1', name: 'Squall' }] });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await client.writeComponents(projectId, { type: 'card', components: [{ unique_id: 'c2', name: 'Gale' }] });
      const caughtUp = await take(client.changes.follow({ after: kept, mode: 'long-poll' }), 2);
      expect(caughtUp.map((change) => change.unique_id)).toEqual(['c1', 'c2']);

      // Following while nothing happens: the next change comes when it is written.
      const live = client.changes.follow({ after: caughtUp[1]?.cursor ?? '', mode: 'long-poll' });
      const next = take(live, 1);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await client.writeComponents(projectId, { type: 'card', components: [{ unique_id: 'c3', name: 'Calm' }] });
      expect((await next).map((change) => change.unique_id)).toEqual(['c3']);
    }, 60_000);

    it('follows by stream through the gateway, resuming after the server ends a stream', async () => {
      const { client, sent } = await clientFor(system);
      const head = await client.changes.head();
      const following = client.changes.follow({ after: head, mode: 'stream', signal: AbortSignal.timeout(40_000) });
      const taken = take(following, 2);
      const projectId = await newProject(client, 'Streamed');
      // The system's streams end after 5 s (client.spec.ts): the next change comes on a stream the client opened again.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      await client.writeComponents(projectId, { type: 'card', components: [{ unique_id: 's1', name: 'Spray' }] });
      expect((await taken).map((change) => [change.resource, change.action])).toEqual([
        ['project', 'created'],
        ['component', 'created'],
      ]);
      expect(sent.filter((line) => line.startsWith('GET /api/v1/changes?')).length).toBeGreaterThanOrEqual(2);
    }, 60_000);

    it('pages with list; a forged cursor is a BoardsyncError invalid_cursor', async () => {
      const { client } = await clientFor(system);
      const head = await client.changes.head();
      const projectId = await newProject(client, 'Polled');
      await client.writeComponents(projectId, { type: 'token', components: [{ unique_id: 't1', name: 'T' }] });
      const polled = await take(client.changes.follow({ after: head, mode: 'long-poll' }), 2);
      expect(polled.map((change) => change.resource)).toEqual(['project', 'component']);
      const page = await client.changes.list({ after: head, limit: 1 });
      expect([page.data.map((change) => change.cursor), page.meta.has_more]).toEqual([[polled[0]?.cursor], true]);
      const refused = await client.changes.list({ after: 'forged' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BoardsyncError);
      expect((refused as BoardsyncError).code).toBe('invalid_cursor');
      await expect(take(client.changes.follow({ after: 'forged' }), 1)).rejects.toMatchObject({ code: 'invalid_cursor' });
    }, 60_000);
  });
}
