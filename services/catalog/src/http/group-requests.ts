import { z } from 'zod';
import { projectParam } from './params.ts';

/** Entries of one `PUT members`: a deck of 10,000 cards is far beyond any game, and 10,000 UUID-keyed entries fit in 1 MB. */
export const MAX_MEMBERS = 10_000;
const MAX_NAME = 255;

export const groupParams = projectParam.extend({ group: z.coerce.number().int().positive().describe('The group’s `id`.') });
const kind = z.enum(['deck', 'stack'], { error: 'must be deck or stack' });
const groupName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(MAX_NAME, `may not be longer than ${String(MAX_NAME)} characters`);
const booleanQuery = z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1');

export const listQuery = z.object({
  kind: kind.optional().describe('Only decks, or only stacks.'),
  include_members: booleanQuery.optional().describe('Load each group’s `members` and `member_count` (off by default).'),
});
export const createBody = z.object({
  kind: kind.describe('A deck holds cards, a stack tokens; it never changes.'),
  name: groupName.describe('Unique per project and kind, ignoring case: an existing group of that name is returned.'),
});
export const changeBody = z.object({
  name: groupName.optional().describe('A new name; one another group of the kind holds (ignoring case) is refused with 409 `name_taken`.'),
  position: z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(-2_147_483_648)
    .max(2_147_483_647)
    .nullable()
    .optional()
    .describe('Ordering among the project’s groups; null moves it after those that have one.'),
  kind: kind.optional().describe('Only the group’s own kind is accepted: a kind never changes.'),
});
export const membersBody = z.object({
  members: z
    .array(
      z.object({
        unique_id: z
          .union(
            [
              z
                .string()
                .trim()
                .min(1, 'is required')
                .max(MAX_NAME, `may not be longer than ${String(MAX_NAME)} characters`),
              z.number().int().transform(String),
            ],
            {
              error: "is required: the component's unique_id",
            },
          )
          .describe('The component’s `unique_id`, in this project (an integer is read as its decimal string).'),
        count: z
          .number({ error: 'must be an integer' })
          .int('must be an integer')
          .min(0, 'may not be negative')
          .max(100_000)
          .optional()
          .describe('Copies held; the component’s `quantity` when omitted.'),
        face_up: z
          .boolean({ error: 'must be true or false' })
          .nullable()
          .optional()
          .transform((value) => value ?? undefined)
          .describe('true front up, false face down; omit (or null) to deal it as the group is.'),
      }),
      { error: 'is required: an array of {unique_id, count, face_up}' },
    )
    .max(MAX_MEMBERS, `may hold at most ${String(MAX_MEMBERS)} entries`)
    .describe('The whole membership, each component once; array order becomes `position`. `[]` empties the group.'),
});
