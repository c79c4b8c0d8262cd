import { problemSchema, type Operation } from '@boardsync/kit/contract';
import { changeEventStream, changeHeadBody, changePageBody, changesQuery } from './change-schemas.ts';

const TAGS = ['Changes'];

/** The changes feed, described by the schemas `changes.ts` parses and answers with. */
export const changeOperations: Operation[] = [
  {
    method: 'GET',
    path: '/changes/head',
    operationId: 'getChangesHead',
    summary: 'The changes feed’s current end',
    description: 'Take the head first, then list what you keep in sync, then follow the feed from the head: nothing committed after the head is ever missed.',
    tags: TAGS,
    responses: { 200: { description: 'A cursor at the feed’s end now.', schema: changeHeadBody } },
  },
  {
    method: 'GET',
    path: '/changes',
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
  },
];
