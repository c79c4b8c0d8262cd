import { z } from 'zod';
import type { ProjectRecord } from './project-record.ts';
import { WEB_URL_PATTERN, isWebUrl } from './web-url.ts';

/** One project field (docs/rules.md "Projects"): the entity property it is stored in, and its write schema if the API writes it. */
interface ProjectField<P extends keyof ProjectRecord = keyof ProjectRecord> {
  property: P;
  input?: z.ZodType<ProjectRecord[P]>;
}

const writable = <P extends keyof ProjectRecord>(property: P, input: z.ZodType<ProjectRecord[P]>): Required<ProjectField<P>> => ({ property, input });
const readOnly = <P extends keyof ProjectRecord>(property: P): ProjectField<P> => ({ property });

const text = (max: number) =>
  z
    .string()
    .max(max, `may not be longer than ${String(max)} characters`)
    .nullable();
const whole = (min: number, max: number) =>
  z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(min, `must be at least ${String(min)}`)
    .max(max, `may not be greater than ${String(max)}`)
    .nullable();

/**
 * Every project field the API shows, in the order of docs/rules.md "Projects": the one table parsing, assignment and
 * presentation read. `catalog_id` is a string; an integer is accepted and stored as its decimal
 * string, since the machine-readable schema says integer. Fields without an `input` (`is_locked`,
 * `logo_url`, `backdrop_url`) are read only: sent on a write, they are ignored.
 */
export const PROJECT_FIELDS = {
  name: writable('name', z.string().trim().min(1, 'is required').max(255, 'may not be longer than 255 characters')),
  short_description: writable('shortDescription', text(500)),
  description: writable('description', text(20_000)),
  is_locked: readOnly('isLocked'),
  player_count_min: writable('playerCountMin', whole(1, 99)),
  player_count_max: writable('playerCountMax', whole(1, 99)),
  playtime_minutes: writable('playtimeMinutes', whole(0, 100_000)),
  min_age: writable('minAge', whole(0, 99)),
  genre: writable('genre', text(255)),
  theme: writable('theme', text(255)),
  primary_mechanic: writable('primaryMechanic', text(255)),
  edition: writable('edition', text(255)),
  logo_url: readOnly('logoUrl'),
  backdrop_url: readOnly('backdropUrl'),
  website_url: writable(
    'websiteUrl',
    z
      .string()
      .max(2048, 'may not be longer than 2048 characters')
      .regex(WEB_URL_PATTERN, 'must be an http or https URL')
      .refine(isWebUrl, 'must be an http or https URL')
      .nullable(),
  ),
  catalog_id: writable(
    'catalogId',
    z
      .union([z.string().max(255, 'may not be longer than 255 characters'), z.number().int().nonnegative()])
      .transform((value) => String(value))
      .nullable(),
  ),
} satisfies Record<string, ProjectField>;

type Table = typeof PROJECT_FIELDS;
export type ProjectFieldName = keyof Table;
export type WritableProjectField = { [F in ProjectFieldName]: Table[F] extends { input: z.ZodType } ? F : never }[ProjectFieldName];

export const WRITABLE_PROJECT_FIELDS = (Object.keys(PROJECT_FIELDS) as ProjectFieldName[]).filter(
  (field): field is WritableProjectField => 'input' in PROJECT_FIELDS[field],
);
