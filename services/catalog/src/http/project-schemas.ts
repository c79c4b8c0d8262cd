import { z } from 'zod';

const text = z.string().nullable();
const whole = z.int().nullable();

/** Spec §2 Project as every answer shows it: the presenter is typed by this, and the contract is generated from it. */
export const projectBody = z
  .object({
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
  })
  .meta({ id: 'Project' });

export type ProjectBody = z.infer<typeof projectBody>;

export const projectEnvelope = z.object({ data: projectBody });
