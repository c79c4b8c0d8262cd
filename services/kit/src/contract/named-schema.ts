import type { z } from 'zod';

/**
 * A schema the document names (`components.schemas.{id}`), with an example the compiler checks
 * against what the schema outputs, so the reference shows a real answer and it cannot drift from
 * the shape (tests/contract.spec.ts validates every example against its schema too).
 */
export function named<Schema extends z.ZodType>(schema: Schema, id: string, example: z.output<Schema>): Schema {
  return schema.meta({ id, examples: [example] });
}

/** As {@link named}, for a request schema: the example is what a client sends. */
export function withExample<Schema extends z.ZodType>(schema: Schema, example: z.input<Schema>): Schema {
  return schema.meta({ examples: [example] });
}

/** As {@link named}, for an answer's schema the document does not name: the example shows in each answer using it. */
export function withAnswerExample<Schema extends z.ZodType>(schema: Schema, example: z.output<Schema>): Schema {
  return schema.meta({ examples: [example] });
}
