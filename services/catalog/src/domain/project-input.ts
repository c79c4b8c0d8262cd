import { z } from 'zod';
import type { FieldErrors } from '@boardsync/kit/core';
import { PROJECT_FIELDS, WRITABLE_PROJECT_FIELDS, type WritableProjectField } from './project-fields.ts';
import type { ProjectRecord } from './project-record.ts';

type WriteShape = { [F in WritableProjectField]: (typeof PROJECT_FIELDS)[F]['input'] };

/** The writable project fields (docs/rules.md "Projects" and "Limits"), from the field table; anything else sent is ignored. */
export const projectFields = z.object(Object.fromEntries(WRITABLE_PROJECT_FIELDS.map((field) => [field, PROJECT_FIELDS[field].input])) as WriteShape);

export const newProjectBody = projectFields.partial().required({ name: true });
export const projectChangeBody = projectFields.partial();

export type ProjectFields = z.infer<typeof projectFields>;
export type ProjectChange = z.infer<typeof projectChangeBody>;

/**
 * Player counts must make sense together, whichever of the two a write sets: more minimum than
 * maximum players is refused, naming the field the write sent (the max when only it was).
 */
export function playerCountErrors(min: number | null | undefined, max: number | null | undefined, sent: ProjectChange): FieldErrors | null {
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return null;
  if (sent.player_count_min === undefined) return { player_count_max: ['must not be less than player_count_min'] };
  return { player_count_min: ['must not be greater than player_count_max'] };
}

/** Sets the sent fields on the project (through the field table); returns those whose value really changed. */
export function assignProjectFields(project: ProjectRecord, sent: ProjectChange): WritableProjectField[] {
  const changed = WRITABLE_PROJECT_FIELDS.filter((field) => sent[field] !== undefined && project[PROJECT_FIELDS[field].property] !== sent[field]);
  for (const field of changed) Object.assign(project, { [PROJECT_FIELDS[field].property]: sent[field] });
  return changed;
}
