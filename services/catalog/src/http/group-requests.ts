import { z } from 'zod';
import { projectParam } from './params.ts';

/** Entries of one `PUT members`: a deck of 10,000 cards is far beyond any game, and 10,000 UUID-keyed entries fit in 1 MB. */
export const MAX_MEMBERS = 10_000;
const MAX_NAME = 255;

export const groupParams = projectParam.extend({ group: z.coerce.number().int().positive() });
const kind = z.enum(['deck', 'stack'], { error: 'must be deck or stack' });
const groupName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(MAX_NAME, `may not be longer than ${String(MAX_NAME)} characters`);
const booleanQuery = z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1');

export const listQuery = z.object({ kind: kind.optional(), include_members: booleanQuery.optional() });
export const createBody = z.object({ kind, name: groupName });
export const changeBody = z.object({
  name: groupName.optional(),
  position: z.number({ error: 'must be an integer' }).int('must be an integer').min(-2_147_483_648).max(2_147_483_647).nullable().optional(),
  kind: kind.optional(),
});
export const membersBody = z.object({
  members: z
    .array(
      z.object({
        unique_id: z.union(
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
        ),
        count: z.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'may not be negative').max(100_000).optional(),
        face_up: z
          .boolean({ error: 'must be true or false' })
          .nullable()
          .optional()
          .transform((value) => value ?? undefined),
      }),
      { error: 'is required: an array of {unique_id, count, face_up}' },
    )
    .max(MAX_MEMBERS, `may hold at most ${String(MAX_MEMBERS)} entries`),
});
