import { z } from 'zod';
import { problemSchema } from './problem-schema.ts';

export type JsonObject = Record<string, unknown>;

export const PROBLEM_JSON = 'application/problem+json';
export const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): as requests are parsed (`input`) or answers built (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return json;
}

/** As {@link jsonSchemaOf}, with the shared Problem schema named by reference. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  return schema === problemSchema ? PROBLEM_REF : jsonSchemaOf(schema, io);
}

/** Each field of a zod object as an OpenAPI parameter `in` the place given. */
export function parametersFrom(schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header'): JsonObject[] {
  return Object.entries(schema?.shape ?? {}).map(([name, field]) => {
    const { description, ...fieldSchema } = schemaOf(field as z.ZodType, 'input');
    return {
      name,
      in: where,
      required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      schema: fieldSchema,
      ...(description ? { description } : {}),
    };
  });
}
