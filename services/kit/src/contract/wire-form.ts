import type { z } from 'zod';

/**
 * What a schema accepts on the wire, when that is more than its parsed side shows: a cell that
 * takes a number or the number as text, a list or one pipe-delimited string, a request body whose
 * `type` selects the shape of its rows. The document describes a request by its wire form; the
 * service still parses with the schema itself, so a test should hold the two to the same verdict
 * (as services/catalog's component-row-schemas test does). Keyed by the schema's definition, which
 * its copies with metadata (`.describe()`, `.meta()`) share.
 */
const wireForms = new WeakMap<object, z.ZodType>();

/** Marks `schema` (and its copies with metadata) as accepting what `accepts` describes; returns `schema`. */
export function acceptsOnTheWire<Schema extends z.ZodType>(schema: Schema, accepts: z.ZodType): Schema {
  wireForms.set(schema._zod.def, accepts);
  return schema;
}

export function wireFormOf(schema: z.core.$ZodType): z.ZodType | undefined {
  return wireForms.get(schema._zod.def);
}
