import { z } from 'zod';
import { CREATABLE_TYPES, LISTABLE_TYPES, isListableType } from '../domain/component-types.ts';
import type { ComponentWrite } from '../use-cases/write-components.ts';

export const MAX_BATCH_ROWS = 500;
const MAX_FILTER = 255;

const listableType = z.enum(LISTABLE_TYPES, { error: `must be one of ${LISTABLE_TYPES.join(', ')}` });
const creatableType = z.enum(CREATABLE_TYPES, {
  error: (issue) => {
    if (issue.input === undefined) return 'is required';
    if (typeof issue.input === 'string' && isListableType(issue.input)) return `"${issue.input}" is a legacy type: it can be read and deleted but not created`;
    return `must be one of ${CREATABLE_TYPES.join(', ')}`;
  },
});
const flag = z.boolean({ error: 'must be true or false' }).default(false);
const filter = z
  .string()
  .max(MAX_FILTER, `may not be longer than ${String(MAX_FILTER)} characters`)
  .optional();

/** `POST components`: "behaves as a batch of one". Each row's fields are bounded by the row parser. */
export const singleWrite = z
  .object({
    type: creatableType,
    component: z.record(z.string(), z.unknown(), { error: 'is required: one component object' }),
    match_by_name: flag,
    internalize_images: flag,
  })
  .transform((body): ComponentWrite => ({
    type: body.type,
    rows: [body.component],
    single: true,
    matchByName: body.match_by_name,
    removeMissing: false,
    internalizeImages: body.internalize_images,
  }));

export const batchWrite = z
  .object({
    type: creatableType,
    components: z
      .array(z.unknown(), { error: 'is required: an array of component objects' })
      .max(MAX_BATCH_ROWS, `may hold at most ${String(MAX_BATCH_ROWS)} rows per call`),
    match_by_name: flag,
    remove_missing: flag,
    internalize_images: flag,
  })
  .transform((body): ComponentWrite => ({
    type: body.type,
    rows: body.components,
    single: false,
    matchByName: body.match_by_name,
    removeMissing: body.remove_missing,
    internalizeImages: body.internalize_images,
  }));

export const listQuery = z.object({ type: listableType.optional(), name: filter, unique_id: filter });
export const deleteQuery = z.object({ type: listableType.optional() });
