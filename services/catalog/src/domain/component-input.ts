import type { FieldErrors } from '@boardsync/kit/core';
import type { z } from 'zod';
import { componentField, type ComponentValues } from './component-fields.ts';
import { groupKindOf, honouredFields, maskFieldOf, requiredFields, type CreatableType, type WriteField } from './component-types.ts';
import { artworkUrl, blankIsNull, dieFaces, groupNames, maskValue, uniqueId as uniqueIdValue } from './component-values.ts';
import { sizeSchemaOf } from './component-write-fields.ts';
import { resolveMask, type CustomMaskRef } from './mask-library.ts';

export type { ComponentValues } from './component-fields.ts';

export type ArtworkProperty = 'imageUrl' | 'backImageUrl';

/** One validated row of a component write. */
export interface ComponentRow {
  index: number;
  /** The caller's sync key; absent when none was sent (matched on name, then generated). */
  uniqueId: string | undefined;
  values: ComponentValues;
  /** Deck (card) or stack (token) names the row belongs to; undefined leaves membership as it is. */
  groupNames: string[] | undefined;
  /** Artwork fields sent empty or not at all: a matched row keeps what it has. */
  artworkOmitted: ArtworkProperty[];
}

interface ParseContext {
  type: CreatableType;
  customMasks: readonly CustomMaskRef[];
  /** Error keys start with this: `components.3` in a batch, `component` for a single write. */
  path: string;
}

const sent = (row: Record<string, unknown>, field: WriteField): boolean => Object.hasOwn(row, field) && row[field] !== undefined;

/** The type's honoured fields that carry a schema of their own, in spec order; worked out once per type, not per row. */
const schemaFields = new Map<CreatableType, { field: WriteField; property: string; input: z.ZodType }[]>();
function schemaFieldsOf(type: CreatableType) {
  let fields = schemaFields.get(type);
  if (!fields) {
    fields = [...honouredFields(type)].flatMap((field) => {
      const spec = componentField(field);
      return spec?.input ? [{ field, property: spec.property, input: spec.input }] : [];
    });
    schemaFields.set(type, fields);
  }
  return fields;
}

/**
 * Validates one row against its type: fields the type does not honour are dropped unread, the
 * rest are checked and normalized (pipe lists, bare mask spellings, die types, colours).
 * Returns the row or the field errors, keyed `{path}.{field}`.
 */
export function parseComponentRow(raw: unknown, index: number, context: ParseContext): { row: ComponentRow } | { errors: FieldErrors } {
  const { type, path } = context;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { errors: { [path]: ['must be an object'] } };
  const input = raw as Record<string, unknown>;
  const honoured = honouredFields(type);
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[`${path}.${field}`] ??= []).push(message);
  const values: ComponentValues = {};
  const artworkOmitted: ArtworkProperty[] = [];

  for (const { field, property, input: schema } of schemaFieldsOf(type)) {
    if (!sent(input, field)) continue;
    const result = schema.safeParse(input[field]);
    if (result.success) (values as Record<string, unknown>)[property] = result.data;
    else for (const issue of result.error.issues) fail([field, ...issue.path.map(String)].join('.'), issue.message);
  }

  for (const required of requiredFields(type)) {
    const property = componentField(required)?.property ?? 'name';
    if ((values[property as keyof ComponentValues] ?? null) === null && !errors[`${path}.${required}`]) fail(required, `is required for a ${type}`);
  }

  let uniqueId: string | undefined;
  if (sent(input, 'unique_id')) {
    const result = uniqueIdValue.safeParse(input.unique_id);
    if (result.success) uniqueId = result.data ?? undefined;
    else fail('unique_id', result.error.issues[0]?.message ?? 'must be a string');
  }

  if (type === 'rulebook') {
    values.name = values.pageName ?? null;
    values.quantity = 1;
  }

  if (honoured.has('size') && sent(input, 'size')) {
    const result = sizeSchemaOf(type).safeParse(input.size);
    if (result.success) values.size = result.data;
    else fail('size', result.error.issues[0]?.message ?? 'is invalid');
  }

  for (const [field, property] of [
    ['image_url', 'imageUrl'],
    ['back_image_url', 'backImageUrl'],
  ] as const) {
    if (!honoured.has(field)) continue;
    const value = input[field];
    if (!sent(input, field) || value === '') {
      artworkOmitted.push(property);
      continue;
    }
    const result = artworkUrl.safeParse(value);
    if (result.success) values[property] = result.data;
    else fail(field, result.error.issues[0]?.message ?? 'must be an http or https URL');
  }

  if (type === 'dice') {
    // The older name is read when `die_faces` is not sent, and checked whenever it is: a value sent is a value checked.
    const field = sent(input, 'die_faces') ? 'die_faces' : sent(input, 'die_face_urls') ? 'die_face_urls' : undefined;
    for (const name of ['die_faces', 'die_face_urls'] as const) {
      if (!sent(input, name)) continue;
      const result = dieFaces.safeParse(input[name]);
      if (!result.success) for (const issue of result.error.issues) fail([name, ...issue.path.map(String)].join('.'), issue.message);
      else if (name === field) values.dieFaces = result.data;
    }
    const faces = typeof values.size === 'string' ? Number(values.size.slice(1)) : undefined;
    if (faces !== undefined && values.dieFaces && values.dieFaces.length > faces)
      fail(field ?? 'die_faces', `a ${String(values.size)} has ${String(faces)} faces; ${String(values.dieFaces.length)} face images were sent`);
  }

  const mask = maskFieldOf(type);
  if (mask && sent(input, mask.field)) {
    const result = maskValue.safeParse(input[mask.field]);
    if (!result.success) {
      fail(mask.field, result.error.issues[0]?.message ?? 'must be a mask value from GET /masks');
    } else if (result.data === null) {
      values[mask.property] = 'none';
    } else {
      const resolved = resolveMask(mask.kind, result.data, context.customMasks);
      if (resolved === undefined) fail(mask.field, `"${result.data}" is not a ${type} mask: use a value from GET /masks (or one of your custom mask names)`);
      else values[mask.property] = resolved;
    }
  }

  let names: string[] | undefined;
  const groupField = groupKindOf(type) === 'deck' ? 'deck_names' : groupKindOf(type) === 'stack' ? 'stack_names' : undefined;
  if (groupField && sent(input, groupField)) {
    const result = groupNames.safeParse(input[groupField]);
    if (result.success) names = dedupeIgnoringCase(result.data);
    else for (const issue of result.error.issues) fail([groupField, ...issue.path.map(String)].join('.'), issue.message);
  }

  if (Object.keys(errors).length > 0) return { errors };
  return { row: { index, uniqueId, values, groupNames: names, artworkOmitted } };
}

function dedupeIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether any row names a mask that only the designer's custom masks could resolve: the library's
 * masks and `none` win over a custom mask of the same name, so without such a row the designer's
 * masks need not be read at all.
 */
export function namesCustomMask(type: CreatableType, rows: readonly unknown[]): boolean {
  const mask = maskFieldOf(type);
  if (!mask) return false;
  return rows.some((raw) => {
    if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, mask.field)) return false;
    const value = blankIsNull((raw as Record<string, unknown>)[mask.field]);
    return typeof value === 'string' && resolveMask(mask.kind, value, []) === undefined;
  });
}
