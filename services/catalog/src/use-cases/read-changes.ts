import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { visibleResources } from '../domain/change.ts';
import type { CursorCodec } from '../domain/change-cursor.ts';
import { changeHeadOf, feedNamesProject, readChanges, type StoredChange } from '../store/change-log.ts';
import type { ChangeWaiters } from '../store/change-waiters.ts';
import { ownedProject } from '../store/projects.ts';
import { projectNotFound } from './project-access.ts';

/** A wait with no notification looks again this often: a notification lost on the way costs this much latency, never a change. */
const LOOK_AGAIN_MS = 5_000;

export interface ChangeFeed {
  codec: CursorCodec;
  waiters: ChangeWaiters;
}

export interface ChangeRequest {
  after?: string | undefined;
  project?: number | undefined;
  limit: number;
  /** Seconds to hold the request until a change exists. */
  wait: number;
}

export interface ChangePage {
  changes: { change: StoredChange; cursor: string }[];
  /** Where the reader goes on from: past every change answered and every change it may not see. */
  cursor: string;
  hasMore: boolean;
}

const invalidCursor = (why: string): Problem =>
  new Problem({
    status: 400,
    code: 'invalid_cursor',
    detail: `${why} Pass a cursor exactly as boardsync gave it to this account, or start from GET /api/v1/changes/head.`,
  });

const cursorExpired = (): Problem =>
  new Problem({
    status: 410,
    code: 'cursor_expired',
    detail:
      'This cursor is older than the changes kept, so changes after it may be gone. List what you keep in sync again, then follow from a new GET /api/v1/changes/head taken before you listed.',
  });

const tooManyWaiting = (): Problem =>
  new Problem({
    status: 429,
    code: 'too_many_waiting',
    detail: 'This account already has as many requests waiting for changes as one replica holds; wait on fewer at once, or follow one stream.',
    headers: { 'Retry-After': '5' },
  });

/** The cursor's position in the caller's own feed: anything else (made up, altered, another account's) is refused, never read. */
function positionOf(feed: ChangeFeed, principal: Principal, after: string | undefined): number | undefined {
  if (after === undefined) return undefined;
  const position = feed.codec.decode(after);
  if (!position) return failWith(invalidCursor('This cursor is not one boardsync made.'));
  if (position.designerId !== principal.designerId) return failWith(invalidCursor('This cursor belongs to another account.'));
  return position.seq;
}

function failWith(problem: Problem): never {
  throw problem;
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
  const resources = visibleResources(principal.scopes);
  if (resources.length === 0) throw Problem.insufficientScope('projects:read, components:read or assets:read');
  const after = positionOf(feed, principal, request.after);
  const designerId = principal.designerId;
  if (request.project !== undefined && !(await ownedProject(em, designerId, request.project)) && !(await feedNamesProject(em, designerId, request.project)))
    throw projectNotFound();

  const release = request.wait > 0 ? feed.waiters.hold(designerId) : () => undefined;
  if (!release) throw tooManyWaiting();
  try {
    const deadline = Date.now() + request.wait * 1000;
    for (;;) {
      const ticket = feed.waiters.ticket(designerId);
      try {
        const read = await readChanges(em, designerId, { after: after ?? 0, resources, projectId: request.project, limit: request.limit });
        if (after !== undefined && after > read.head) throw invalidCursor('This cursor is ahead of this account’s changes.');
        const from = after ?? read.prunedThrough;
        if (from < read.prunedThrough) throw cursorExpired();
        const hasMore = read.changes.length === request.limit;
        const last = read.changes.at(-1);
        const page: ChangePage = {
          changes: read.changes.map((change) => ({ change, cursor: feed.codec.encode({ designerId, seq: change.seq }) })),
          // A full page stops at its last change; a shorter one read everything up to the head.
          cursor: feed.codec.encode({ designerId, seq: hasMore && last ? last.seq : Math.max(read.head, from) }),
          hasMore,
        };
        const remaining = deadline - Date.now();
        if (page.changes.length > 0 || remaining <= 0 || signal.aborted) return page;
        await ticket.wait(Math.min(remaining, LOOK_AGAIN_MS), signal);
      } finally {
        ticket.dispose();
      }
    }
  } finally {
    release();
  }
}
