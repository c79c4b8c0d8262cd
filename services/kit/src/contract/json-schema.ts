import { z } from 'zod';
import { problemSchema } from './problem-schema.ts';

export type JsonObject = Record<string, unknown>;

export const PROBLEM_JSON = 'application/problem+json';
export const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): as requests are parsed (`input`) or answers built (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override: withoutNoise });
  // zod leaves out the root's own examples when it describes a derived schema (`.partial()`, `.transform()`) as it is parsed.
  const examples = z.globalRegistry.get(schema)?.examples;
  return namedInComponents(Array.isArray(examples) && !('examples' in json) ? { ...json, examples } : json, io);
}

const NAME_REF = /^#\/\$defs\/(.+)$/;

/**
 * A schema given an id (`.meta({ id: 'Project' })`) is one the document names: zod puts it in
 * `$defs`; its references are pointed at `components.schemas` (a request's shape named apart, as
 * `ProjectInput`), where {@link hoistNamedSchemas} moves it.
 */
function namedInComponents(json: JsonObject, io: 'input' | 'output'): JsonObject {
  const suffix = io === 'input' ? 'Input' : '';
  const text = JSON.stringify(json, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string') {
      const name = NAME_REF.exec(value)?.[1];
      if (name) return `#/components/schemas/${name}${suffix}`;
    }
    if (key === '$defs' && value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, definition]) => [`${name}${suffix}`, definition as unknown]));
    }
    return value;
  });
  return JSON.parse(text) as JsonObject;
}

/** Moves every `$defs` in the document into `components.schemas`; one name given two different schemas is an error. */
export function hoistNamedSchemas(document: JsonObject, schemas: JsonObject): void {
  const seen = new Map<string, string>(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const object = node as JsonObject;
    const defs = object.$defs as JsonObject | undefined;
    if (defs) {
      delete object.$defs;
      for (const [name, definition] of Object.entries(defs)) {
        visit(definition);
        const text = JSON.stringify(definition);
        const earlier = seen.get(name);
        if (earlier !== undefined && earlier !== text) throw new Error(`two different schemas are both named ${name}`);
        seen.set(name, text);
        schemas[name] = definition;
      }
    }
    Object.values(object).forEach(visit);
  };
  visit(document);
}

/**
 * What zod adds that says nothing to a reader: the safe-integer bounds of every `z.int()`, and the
 * regular expression beside `format: date-time` (the format says it).
 */
function withoutNoise({ jsonSchema }: { jsonSchema: JsonObject }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
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
