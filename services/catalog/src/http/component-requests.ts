import { acceptsOnTheWire } from '@boardsync/kit/core';
import { pathSegmentText, queryText } from '@boardsync/kit/contract';
import { z } from 'zod';
import { CREATABLE_TYPES, LISTABLE_TYPES, isListableType } from '../domain/component-types.ts';
import type { ComponentWrite } from '../use-cases/write-components.ts';
import { ROW_SCHEMAS, schemaNameOf } from './component-row-schemas.ts';
import { projectParam } from './params.ts';

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
const filter = queryText()
  .max(MAX_FILTER, `may not be longer than ${String(MAX_FILTER)} characters`)
  .optional();

const writtenType = creatableType.describe('The component type the write covers: one per call (legacy types cannot be created).');
const matchByName = flag.describe('Overwrite a same-named component of the type even when its `unique_id` differs.');
const internalizeImages = flag.describe('Copy external artwork into the designer’s storage in the background (spends storage quota).');

/** `DELETE components/{uniqueId}`: the path's `uniqueId` is the caller's sync key, never the numeric `id`. */
export const componentParams = projectParam.extend({ uniqueId: pathSegmentText().describe('The component’s `unique_id` (never its numeric `id`).') });

const singleWriteFields = {
  type: writtenType,
  component: z
    .record(z.string(), z.unknown(), { error: 'is required: one component object' })
    .describe('One row: the Component write fields the type honours (others are ignored).'),
  match_by_name: matchByName,
  internalize_images: internalizeImages,
};
const batchWriteFields = {
  type: writtenType,
  components: z
    .array(z.unknown(), { error: 'is required: an array of component objects' })
    .max(MAX_BATCH_ROWS, `may hold at most ${String(MAX_BATCH_ROWS)} rows per call`)
    .describe('The rows, each a Component write object of `type`: the fields the type honours (others are ignored).'),
  match_by_name: matchByName,
  remove_missing: flag.describe('Delete this app’s components of the type that the batch does not name.'),
  internalize_images: internalizeImages,
};

/**
 * What a write body accepts on the wire: one shape per type, `type` selecting its rows' schema.
 * A discriminated `oneOf` at the body (rows carry no `type` of their own) is what generators turn
 * into a tagged union: a client that sets `type: "dice"` is offered the dice fields and no others.
 */
function perType(envelope: z.ZodObject, rows: (row: z.ZodObject) => z.ZodRawShape, name: string, description: string) {
  const variants = CREATABLE_TYPES.map((type) =>
    envelope.extend({ type: z.literal(type), ...rows(ROW_SCHEMAS[type]) }).meta({ id: `${schemaNameOf(type)}${name}` }),
  );
  const [first, ...rest] = variants;
  if (!first) throw new Error('no component type to write');
  return z.discriminatedUnion('type', [first, ...rest]).meta({ id: `Component${name}`, description });
}

/** `POST components`: "behaves as a batch of one". Each row's fields are bounded by the row parser. */
export const singleWrite = acceptsOnTheWire(
  z.object(singleWriteFields).transform((body): ComponentWrite => ({
    type: body.type,
    rows: [body.component],
    single: true,
    matchByName: body.match_by_name,
    removeMissing: false,
    internalizeImages: body.internalize_images,
  })),
  perType(z.object(singleWriteFields), (row) => ({ component: row }), 'Write', 'One component of `type`: its row is that type’s schema.'),
);

export const batchWrite = acceptsOnTheWire(
  z.object(batchWriteFields).transform((body): ComponentWrite => ({
    type: body.type,
    rows: body.components,
    single: false,
    matchByName: body.match_by_name,
    removeMissing: body.remove_missing,
    internalizeImages: body.internalize_images,
  })),
  perType(
    z.object(batchWriteFields),
    (row) => ({
      components: z
        .array(row)
        .max(MAX_BATCH_ROWS)
        .describe(batchWriteFields.components.description ?? ''),
    }),
    'Batch',
    `Up to ${String(MAX_BATCH_ROWS)} components of one \`type\`: each row is that type’s schema.`,
  ),
);

export const listQuery = z.object({
  type: listableType.optional().describe('Only components of this type (legacy types included).'),
  name: filter.describe('Exact name, compared as `match_by_name` compares on write.'),
  unique_id: filter.describe('Exact `unique_id`.'),
});
export const deleteQuery = z.object({ type: listableType.optional().describe('Only this type; all types when omitted.') });
