import type { EntityManager } from '@mikro-orm/sql';
import type { Principal } from '@boardsync/kit';
import { openChangeReader, tooManyWaiting, type ChangeFeed, type ChangePage, type ChangeReader } from './change-reader.ts';
import { LOOK_AGAIN_MS } from './read-changes.ts';

export interface FollowSettings {
  /** A quiet stream says something this often, so proxies and clients know it lives. */
  heartbeatMs: number;
  /** The stream ends after this long; the client resumes from its last event (Last-Event-ID). */
  maxMs: number;
  pageSize: number;
}

/** What a stream says next: changes, or that it is alive and waiting. */
export type FollowStep = { kind: 'changes'; page: ChangePage } | { kind: 'heartbeat' };

export interface ChangeStream {
  steps(signal: AbortSignal): AsyncGenerator<FollowStep>;
  /** Gives back the designer's place among waiting readers. */
  close(): void;
}

/**
 * `GET /changes` as a stream: refuses what it cannot follow before anything is sent (as the paged
 * read does), takes one of the designer's places among waiting readers (429 when none is free),
 * then yields each page of changes as it commits, a heartbeat when quiet, until `maxMs`, the
 * caller leaves or the process stops. A stream keeps no entity manager between reads: `fork` gives
 * one to each read it makes itself (most are shared: use-cases/shared-change-reads.ts), as a
 * thousand held streams each keeping one cost the catalog ~30 KB apiece.
 */
export async function openChangeStream(
  fork: () => EntityManager,
  principal: Principal,
  request: { after?: string | undefined; project?: number | undefined },
  feed: ChangeFeed,
  settings: FollowSettings,
): Promise<ChangeStream> {
  const reader = await openChangeReader(fork(), principal, request, feed);
  const release = feed.waiters.hold(reader.designerId);
  if (!release) throw tooManyWaiting();
  return {
    steps: (signal) => follow(fork, reader, settings, signal, feed),
    close: release,
  };
}

async function* follow(
  fork: () => EntityManager,
  reader: ChangeReader,
  settings: FollowSettings,
  signal: AbortSignal,
  feed: ChangeFeed,
): AsyncGenerator<FollowStep> {
  const ends = Date.now() + settings.maxMs;
  let quietSince = Date.now();
  let lastRead = 0;
  let moved = true;
  // A stopping process ends its streams: the clients resume, from their last event, on another replica.
  while (!signal.aborted && !feed.waiters.stopped && Date.now() < ends) {
    // Read when woken, and now and then regardless: a notification lost on the way costs latency, never a change.
    if (moved || Date.now() - lastRead >= LOOK_AGAIN_MS * 6) {
      lastRead = Date.now();
      const page = await reader.next(fork, settings.pageSize);
      if (page.changes.length > 0) {
        yield { kind: 'changes', page };
        quietSince = Date.now();
        if (page.hasMore) continue;
      }
    }
    const untilHeartbeat = quietSince + settings.heartbeatMs - Date.now();
    if (untilHeartbeat <= 0) {
      yield { kind: 'heartbeat' };
      quietSince = Date.now();
      moved = false;
      continue;
    }
    moved = await reader.waitForMore(Math.min(untilHeartbeat, ends - Date.now()), signal);
  }
}
