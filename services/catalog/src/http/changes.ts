import { parseRequest, principalOf, publicPath } from '@boardsync/kit';
import { problemSchema } from '@boardsync/kit/contract';
import { openChangeStream } from '../use-cases/follow-changes.ts';
import { readChangeHead, readChangePage } from '../use-cases/read-changes.ts';
import type { CatalogOperation } from './catalog-api.ts';
import { presentChange } from './change-presenter.ts';
import { changeEventStream, changeHeadBody, changePageBody, changesQuery, type ChangePageBody } from './change-schemas.ts';
import { answerWithEventStream, wantsEventStream } from './change-stream.ts';
import { hangUpSignal } from './hang-up.ts';

const TAGS = ['Changes'];
/** Each scope shows its own resources' changes (docs/decisions.md "Changes feed"). */
const FEED_SCOPE = { anyOf: ['projects:read', 'components:read', 'assets:read'] } as const;

/** The same request from `cursor` on, the caller's other choices kept. */
function nextLink(base: string, query: { project?: number | undefined; limit: number; wait: number }, cursor: string, limitSent: boolean): string {
  const params = new URLSearchParams({ after: cursor });
  if (query.project !== undefined) params.set('project', String(query.project));
  if (limitSent) params.set('limit', String(query.limit));
  if (query.wait > 0) params.set('wait', String(query.wait));
  return `${base}?${params.toString()}`;
}

/** The changes feed (docs/decisions.md "Changes feed"): its head, and the changes after a cursor, paged or held. */
export const changeOperations: CatalogOperation[] = [
  {
    method: 'GET',
    path: '/changes/head',
    scope: FEED_SCOPE,
    operationId: 'getChangesHead',
    summary: 'The changes feed’s current end',
    description: 'Take the head first, then list what you keep in sync, then follow the feed from the head: nothing committed after the head is ever missed.',
    tags: TAGS,
    responses: { 200: { description: 'A cursor at the feed’s end now.', schema: changeHeadBody } },
    async handle(ctx, { orm, feed }) {
      ctx.body = { cursor: await readChangeHead(orm.em.fork(), principalOf(ctx), feed) };
    },
  },
  {
    method: 'GET',
    path: '/changes',
    scope: FEED_SCOPE,
    holds: true,
    operationId: 'listChanges',
    summary: 'The designer’s changes after a cursor, oldest first; with `wait`, held until one exists',
    description:
      'Every change of the designer’s projects, components, decks and stacks, and assets that the token’s scopes let it see (`projects:read`, `components:read`, `assets:read`), in commit order; changes it may not see are passed over. A `deleted` change is a tombstone (`data` null). Changes are kept for `CHANGES_RETENTION` (30 days by default).\n\nWith `Accept: text/event-stream` the same request streams instead (server-sent events): `retry:` first, then one `change` event per change, its `data` a Change and its `id` the change’s cursor, and a comment at least every 15 s while quiet. A stream ends after at most 60 s, and the client resumes with `Last-Event-ID` (which wins over `after`): the token is checked again at every reconnect. Streams and held requests (`wait`) of one designer count together against a per-replica share (`429 too_many_waiting`).',
    tags: TAGS,
    query: changesQuery,
    responses: {
      200: {
        description: 'The changes after `after`, and where to go on from; or, asked for with `Accept: text/event-stream`, the stream of them.',
        schema: changePageBody,
        alternatives: { 'text/event-stream': changeEventStream },
      },
      400: { description: 'The cursor is not one boardsync gave this account (`invalid_cursor`).', schema: problemSchema },
      404: { description: 'No such project of the caller’s.', schema: problemSchema },
      410: { description: 'The cursor is older than the changes kept (`cursor_expired`): list again, then follow from a new head.', schema: problemSchema },
      422: { description: 'A query parameter is invalid (`validation_failed`).', schema: problemSchema },
    },
    async handle(ctx, { orm, feed, stream, publicBaseUrl, metrics, logger }) {
      const query = parseRequest(changesQuery, ctx.query);
      if (wantsEventStream(ctx)) {
        // An EventSource resumes by sending its last event's id; the URL keeps the `after` it first came with.
        const resumeFrom = ctx.get('Last-Event-ID');
        const after = resumeFrom === '' ? query.after : resumeFrom;
        const changes = await openChangeStream(() => orm.em.fork(), principalOf(ctx), { after, project: query.project }, feed, {
          ...stream,
          pageSize: query.limit,
        });
        answerWithEventStream(ctx, changes, { logger, metrics });
        return;
      }
      const page = await readChangePage(orm.em.fork(), principalOf(ctx), query, feed, hangUpSignal(ctx));
      for (const { change } of page.changes) metrics.answered(change.occurredAt);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: page.changes.map(({ change, cursor }) => presentChange(change, cursor)),
        links: { next: nextLink(publicPath(publicBaseUrl, ctx), query, page.cursor, ctx.query.limit !== undefined) },
        meta: { cursor: page.cursor, has_more: page.hasMore },
      } satisfies ChangePageBody;
    },
  },
];
