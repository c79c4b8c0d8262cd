import { z } from 'zod';
import { named } from '@boardsync/kit/contract';

const text = z.string().nullable();
const whole = z.int().nullable();

/** A project (docs/rules.md "Projects") as every answer shows it: the presenter is typed by this, and the contract is generated from it. */
export const projectBody = named(
  z.object({
    id: z.int(),
    name: z.string(),
    short_description: text,
    description: text,
    is_locked: z.boolean().describe('A locked project refuses every write and does not count against the unlocked-project cap.'),
    player_count_min: whole,
    player_count_max: whole,
    playtime_minutes: whole,
    min_age: whole,
    genre: text,
    theme: text,
    primary_mechanic: text,
    edition: text,
    logo_url: text,
    backdrop_url: text,
    website_url: text,
    catalog_id: text.describe('Always a string; an integer sent is stored as its decimal string.'),
    component_count: z.int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  }),
  'Project',
  {
    id: 42,
    name: 'Tide Runners',
    short_description: 'Race your clipper round the archipelago before the storm season.',
    description: null,
    is_locked: false,
    player_count_min: 2,
    player_count_max: 4,
    playtime_minutes: 45,
    min_age: 10,
    genre: 'racing',
    theme: 'age of sail',
    primary_mechanic: 'hand management',
    edition: null,
    logo_url: null,
    backdrop_url: null,
    website_url: 'https://tiderunners.example',
    catalog_id: null,
    component_count: 112,
    created_at: '2026-11-02T09:14:07.000Z',
    updated_at: '2026-11-24T17:40:12.000Z',
  },
);

export type ProjectBody = z.infer<typeof projectBody>;

export const projectEnvelope = z.object({ data: projectBody });
