import { z } from 'zod';
import { assetBody, named, withAnswerExample } from '@boardsync/kit/contract';
import { CHANGE_ACTIONS, CHANGE_RESOURCES } from '../domain/change.ts';
import { componentBody } from './component-schemas.ts';
import { groupBody } from './group-schemas.ts';
import { projectBody } from './project-schemas.ts';

export const MAX_CHANGES_PER_PAGE = 500;
export const MAX_WAIT_SECONDS = 60;

const cursorText = z.string().min(1).max(128);

/** `GET /changes`: where to start, what to narrow to, how many, how long to wait for one. */
export const changesQuery = z.object({
  after: cursorText
    .optional()
    .describe('A cursor from `changes/head`, a change, or `meta.cursor`: the changes after it. Left out: from the oldest change kept.'),
  project: z.coerce.number().int().positive().optional().describe('Only this project’s changes (its own and its components’, groups’ and assets’).'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .transform((limit) => Math.min(limit ?? 100, MAX_CHANGES_PER_PAGE))
    .describe(`Changes per answer, 100 by default; larger values are clamped to ${String(MAX_CHANGES_PER_PAGE)}.`),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .transform((wait) => Math.min(wait ?? 0, MAX_WAIT_SECONDS))
    .describe(
      `Seconds to hold the request (long-poll) until a change after \`after\` exists, 0 by default; larger values are clamped to ${String(MAX_WAIT_SECONDS)}. None by then: \`data\` is empty.`,
    ),
});

export type ChangesQuery = z.infer<typeof changesQuery>;

const EXAMPLE_CURSOR = 'NDIuMTIwN8Xf1bQ0wq3sB3e6kA';

/** One change of the designer's data, as the feed shows it. */
export const changeBody = named(
  z.object({
    cursor: z.string().describe('This change’s place in the feed: pass it as `after` (or `Last-Event-ID`) to read what came after it.'),
    occurred_at: z.iso.datetime(),
    project_id: z.int(),
    resource: z.enum(CHANGE_RESOURCES),
    action: z.enum(CHANGE_ACTIONS),
    id: z.int().describe('The resource’s id (a project’s, a component’s, a group’s, an asset’s).'),
    unique_id: z.string().nullable().describe('A component’s `unique_id`; null for other resources.'),
    app: z
      .string()
      .nullable()
      .describe('The client id of the app whose request made the change; null for a personal token, the editor or boardsync’s own work.'),
    data: z
      .union([projectBody, componentBody, groupBody, assetBody])
      .nullable()
      .describe('The resource as its own GET answered at this change (a group without its members); null for `deleted`.'),
  }),
  'Change',
  {
    cursor: EXAMPLE_CURSOR,
    occurred_at: '2026-11-29T09:12:44.120Z',
    project_id: 42,
    resource: 'component',
    action: 'deleted',
    id: 1207,
    unique_id: 'sheet-row-17',
    app: 'card-forge',
    data: null,
  },
);

export const changeHeadBody = withAnswerExample(
  z.object({ cursor: z.string().describe('The feed’s current end: changes committed after this answer come after it.') }),
  { cursor: EXAMPLE_CURSOR },
);

export const changePageBody = withAnswerExample(
  z.object({
    data: z.array(changeBody),
    links: z.object({ next: z.string().describe('This request again from `meta.cursor`: follow it to read on, now or later.') }),
    meta: z.object({
      cursor: z.string().describe('Pass as `after` next time: past every change answered and every change this token may not see.'),
      has_more: z.boolean().describe('More changes are already waiting after `cursor`.'),
    }),
  }),
  {
    data: [],
    links: { next: `https://api.boardsync.example/api/v1/changes?after=${EXAMPLE_CURSOR}` },
    meta: { cursor: EXAMPLE_CURSOR, has_more: false },
  },
);

export type ChangeBody = z.infer<typeof changeBody>;
export type ChangePageBody = z.infer<typeof changePageBody>;

/** The stream's body as the contract names it: server-sent events, each `change` event's data a Change. */
export const changeEventStream = z
  .string()
  .describe(
    'Server-sent events (text/event-stream): `retry: <ms>` first; then for each change `id: <its cursor>`, `event: change` and `data: <the Change as JSON>`; a `:` comment at least every 15 s while quiet. Send the last `id` as `Last-Event-ID` to resume.',
  );
