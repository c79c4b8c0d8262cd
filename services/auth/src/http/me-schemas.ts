import { z } from 'zod';
import { named } from '@boardsync/kit/contract';

const bytes = z.int().describe('Bytes.');

/** The account (docs/rules.md "Account"), top level: what `GET /me` answers (`presentAccount`), and the contract generated from it. */
export const accountBody = named(
  z.object({
    user: z.object({ id: z.int(), name: z.string(), email: z.email() }),
    storage: z
      .object({
        used_bytes: bytes,
        limit_bytes: bytes.describe('The plan’s storage quota in bytes.'),
        remaining_bytes: bytes.describe('What may still be stored (never below 0); uploads beyond it are 422 `storage_quota_exceeded`.'),
        used_human: z.string().describe('`used_bytes` for a person, 1024-based: "1.5 GB", "12 MB", "0 B".'),
        limit_human: z.string().describe('`limit_bytes` the same way.'),
      })
      .describe('The designer’s storage quota, shared by every project.'),
    projects: z.object({
      count: z.int().describe('All of the designer’s projects.'),
      unlocked_count: z.int().describe('Those not locked: what the plan’s cap counts.'),
      can_create: z.boolean().describe('Whether `POST /projects` would be within the cap now.'),
      unlocked_limit: z.int().nullable().describe('The plan’s cap on unlocked projects; null means uncapped.'),
    }),
    token: z.object({
      scopes: z.array(z.string()).describe('The scopes this token holds, possibly fewer than were asked for.'),
      app: z.string().describe('The source tag writes are stamped with: `api:{client_id}` for an OAuth app, `api:personal` for a personal token.'),
    }),
  }),
  'Account',
  {
    user: { id: 7, name: 'Ada Designer', email: 'ada@example.com' },
    storage: { used_bytes: 1572864, limit_bytes: 1073741824, remaining_bytes: 1071169024, used_human: '1.5 MB', limit_human: '1 GB' },
    projects: { count: 3, unlocked_count: 2, can_create: true, unlocked_limit: 5 },
    token: { scopes: ['projects:read', 'components:read', 'components:write'], app: 'api:personal' },
  },
);

export type AccountBody = z.infer<typeof accountBody>;
