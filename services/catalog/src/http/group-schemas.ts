import { z } from 'zod';
import { named, withAnswerExample } from '@boardsync/kit/contract';

/** A group member (docs/rules.md "Groups (decks and stacks)"): the membership row joined with its component. */
const SQUALL = { unique_id: 'sheet-row-17', component_id: 1207, name: 'Squall', position: 0, count: 3, face_up: false, source: 'api:personal' };

export const groupMemberBody = named(
  z.object({
    unique_id: z.string().describe('The component’s `unique_id`: how `PUT members` addresses it.'),
    component_id: z.int().describe('The component’s internal id, for reference only: never accepted on write.'),
    name: z.string().nullable(),
    position: z.int().nullable().describe('Deck order: 0 is the top.'),
    count: z.int().nullable().describe('Copies held: the count set by `PUT members`, else the component’s `quantity`.'),
    face_up: z.boolean().nullable().describe('true front up, false face down, null dealt however the group is (unrelated to `facing`).'),
    source: z.string().nullable().describe('The component’s owning integration, as its `source`.'),
  }),
  'GroupMember',
  SQUALL,
);

/** A group (docs/rules.md "Groups (decks and stacks)") as every answer shows it: the presenter is typed by this, and the contract is generated from it. */
const groupFields = z.object({
  id: z.int(),
  kind: z.enum(['deck', 'stack']).describe('Never changes.'),
  name: z.string().describe('Unique per project and kind, ignoring case.'),
  position: z.int().nullable().describe('Ordering among the project’s groups; null ones come last.'),
  member_type: z.enum(['card', 'token']).describe('What the group holds: a deck cards, a stack tokens.'),
  member_count: z.int().optional().describe('Only when members are loaded.'),
  members: z.array(groupMemberBody).optional().describe('Only when members are loaded; array order is deck order.'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
const WEATHER = {
  id: 9,
  kind: 'deck' as const,
  name: 'Weather',
  position: 0,
  member_type: 'card' as const,
  member_count: 1,
  members: [SQUALL],
  created_at: '2026-11-20T10:02:33.000Z',
  updated_at: '2026-11-24T17:41:05.000Z',
};
export const groupBody = named(groupFields, 'Group', WEATHER);

export type GroupBody = z.infer<typeof groupBody>;

export const groupEnvelope = z.object({ data: groupBody });
export const groupWithMembersEnvelope = withAnswerExample(z.object({ data: groupFields.required({ member_count: true, members: true }) }), { data: WEATHER });
export const groupListBody = z.object({ data: z.array(groupBody) });
export const groupDeletedBody = z.object({
  deleted: z.literal(true),
  components_retained: z.literal(true).describe('The members stay in the project; only the group and its memberships go.'),
});
