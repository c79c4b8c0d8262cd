import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { visibleResources, type ChangeResource } from '../domain/change.ts';
import type { CursorCodec } from '../domain/change-cursor.ts';
import { feedNamesProject, type StoredChange } from '../store/change-log.ts';
import type { ChangeWaiters } from '../store/change-waiters.ts';
import { ownedProject } from '../store/projects.ts';
import { projectNotFound } from './project-access.ts';
import type { SharedChangeReads } from './shared-change-reads.ts';

export interface ChangeFeed {
  codec: CursorCodec;
  waiters: ChangeWaiters;
  reads: SharedChangeReads;
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

export const tooManyWaiting = (): Problem =>
  new Problem({
    status: 429,
    code: 'too_many_waiting',
    detail: 'This account already holds as many waiting requests and streams of changes as one replica allows; wait on fewer at once, or follow one stream.',
    headers: { 'Retry-After': '5' },
  });

/**
 * One reader's way through a designer's feed: the scopes it reads with, the project it narrows to,
 * and its position, which each page moves on. Made by `openChangeReader`, which refuses what it
 * cannot read before anything is answered.
 */
export class ChangeReader {
  readonly designerId: number;
  private readonly resources: readonly ChangeResource[];
  private readonly projectId: number | undefined;
  private readonly feed: ChangeFeed;
  private position: number | undefined;
  /** The designer's epoch the last page was read at: waiting is for an epoch past it. */
  private seenEpoch = 0;

  constructor(designerId: number, resources: readonly ChangeResource[], projectId: number | undefined, position: number | undefined, feed: ChangeFeed) {
    this.designerId = designerId;
    this.resources = resources;
    this.projectId = projectId;
    this.position = position;
    this.feed = feed;
  }

  /** The next page after the reader's position, which moves to the page's cursor; `em` gives the entity manager to read with, if this reader is the one to read. */
  async next(em: () => EntityManager, limit: number): Promise<ChangePage> {
    const after = this.position;
    const { window: read, epoch } = await this.feed.reads.read(em, this.designerId, {
      after: after ?? 0,
      resources: this.resources,
      projectId: this.projectId,
      limit,
    });
    // A commit woken after the read began (even before this reader asked) ends the next wait at once.
    this.seenEpoch = epoch;
    if (after !== undefined && after > read.head) throw invalidCursor('This cursor is ahead of this account’s changes.');
    const from = after ?? read.prunedThrough;
    if (from < read.prunedThrough) throw cursorExpired();
    const hasMore = read.changes.length === limit;
    const last = read.changes.at(-1);
    // A full page stops at its last change; a shorter one read everything up to the head.
    this.position = hasMore && last ? last.seq : Math.max(read.head, from);
    return {
      changes: read.changes.map((change) => ({ change, cursor: this.cursorAt(change.seq) })),
      cursor: this.cursorAt(this.position),
      hasMore,
    };
  }

  /** Waits up to `ms` for the feed to move past what the last page read (a commit since that read ends it at once); true when it moved. */
  waitForMore(ms: number, signal: AbortSignal): Promise<boolean> {
    return this.feed.waiters.waitPast(this.designerId, this.seenEpoch, ms, signal);
  }

  private cursorAt(seq: number): string {
    return this.feed.codec.encode({ designerId: this.designerId, seq });
  }
}

/**
 * A reader of the caller's feed from `after` (from the oldest change kept when absent): 403 without
 * a scope that shows any change, 400 for a cursor boardsync did not give this account, 404 for a
 * project that is not the caller's (one its feed still names, since deleted, is).
 */
export async function openChangeReader(
  em: EntityManager,
  principal: Principal,
  request: { after?: string | undefined; project?: number | undefined },
  feed: ChangeFeed,
): Promise<ChangeReader> {
  const resources = visibleResources(principal.scopes);
  if (resources.length === 0) throw Problem.insufficientScope('projects:read, components:read or assets:read');
  const designerId = principal.designerId;
  let position: number | undefined;
  if (request.after !== undefined) {
    const decoded = feed.codec.decode(request.after);
    if (!decoded) throw invalidCursor('This cursor is not one boardsync made.');
    if (decoded.designerId !== designerId) throw invalidCursor('This cursor belongs to another account.');
    position = decoded.seq;
  }
  if (request.project !== undefined && !(await ownedProject(em, designerId, request.project)) && !(await feedNamesProject(em, designerId, request.project)))
    throw projectNotFound();
  return new ChangeReader(designerId, resources, request.project, position, feed);
}
