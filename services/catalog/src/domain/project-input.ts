import { z } from 'zod';
import { isWebUrl } from './web-url.ts';

const text = (max: number) => z.string().max(max, `may not be longer than ${String(max)} characters`).nullable();
const whole = (min: number, max?: number) => {
  let schema = z.number({ error: 'must be an integer' }).int('must be an integer').min(min, `must be at least ${String(min)}`);
  if (max !== undefined) schema = schema.max(max, `may not be greater than ${String(max)}`);
  return schema.nullable();
};
const webUrl = z.string().max(2048).refine(isWebUrl, 'must be an http or https URL').nullable();

/**
 * The writable project fields (spec §4 and §8). `catalog_id` is a string; an integer is accepted
 * and stored as its decimal string, since the machine-readable schema says integer. Fields the
 * API does not write (`logo_url`, `backdrop_url`, `is_locked`, ids, timestamps) are ignored.
 */
export const projectFields = z.object({
  name: z.string().trim().min(1, 'is required').max(255, 'may not be longer than 255 characters'),
  short_description: text(500),
  description: text(20_000),
  player_count_min: whole(1, 99),
  player_count_max: whole(1, 99),
  playtime_minutes: whole(0, 100_000),
  min_age: whole(0, 99),
  genre: text(255),
  theme: text(255),
  primary_mechanic: text(255),
  edition: text(255),
  website_url: webUrl,
  catalog_id: z
    .union([z.string().max(255), z.number().int().nonnegative()])
    .transform((value) => String(value))
    .nullable(),
});

export const newProjectBody = projectFields.partial().required({ name: true });
export const projectChangeBody = projectFields.partial();

export type ProjectFields = z.infer<typeof projectFields>;
export type ProjectChange = z.infer<typeof projectChangeBody>;

export const PROJECT_FIELD_NAMES = Object.keys(projectFields.shape) as (keyof ProjectFields)[];

/** Player counts must make sense together, whichever of the two a write sets. */
export function playerCountProblem(min: number | null | undefined, max: number | null | undefined): boolean {
  return typeof min === 'number' && typeof max === 'number' && min > max;
}
