import type { EntityManager } from '@mikro-orm/sql';
import type { Principal } from '@boardsync/kit';
import { changeHeadOf } from '../store/change-log.ts';
import { openChangeReader, tooManyWaiting, type ChangeFeed, type ChangePage } from './change-reader.ts';

/** A wait with no notification looks again this often: a notification lost on the way costs this much latency, never a change. */
export const LOOK_AGAIN_MS = 5_000;

export interface ChangeRequest {
  after?: string | undefined;
  project?: number | undefined;
  limit: number;
  /** Seconds to hold the request until a change exists. */
  wait: number;
}

/** `GET /changes/head`: the feed's end now; nothing committed after this answer comes before it. */
export async function readChangeHead(em: EntityManager, principal: Principal, feed: ChangeFeed): Promise<string> {
  const head = await changeHeadOf(em, principal.designerId);
  return feed.codec.encode({ designerId: principal.designerId, seq: head });
}

/**
 * `GET /changes`: the changes after the cursor that the caller's scopes let it see, holding the
 * request up to `wait` seconds for the first one. A change it may not see is passed over: the
 * answer's cursor moves past it all the same.
 */
export async function readChangePage(
  em: EntityManager,
  principal: Principal,
  request: ChangeRequest,
  feed: ChangeFeed,
  signal: AbortSignal,
): Promise<ChangePage> {
  const reader = await openChangeReader(em, principal, request, feed);
  const release = request.wait > 0 ? feed.waiters.hold(reader.designerId) : () => undefined;
  if (!release) throw tooManyWaiting();
  try {
    const deadline = Date.now() + request.wait * 1000;
    for (;;) {
      const page = await reader.next(() => em, request.limit);
      const remaining = deadline - Date.now();
      // A stopping process answers what it has at once: the client asks again, of another replica.
      if (page.changes.length > 0 || remaining <= 0 || signal.aborted || feed.waiters.stopped) return page;
      await reader.waitForMore(Math.min(remaining, LOOK_AGAIN_MS), signal);
    }
  } finally {
    release();
  }
}
