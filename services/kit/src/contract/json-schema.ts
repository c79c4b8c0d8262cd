import { z } from 'zod';
import { problemSchema } from './problem-schema.ts';
import { wireFormOf } from './wire-form.ts';

export type JsonObject = Record<string, unknown>;

export const PROBLEM_JSON = 'application/problem+json';
export const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): as requests are parsed (`input`) or answers built (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = zodJsonSchema(schema, io);
  // zod leaves out the root's own examples when it describes a derived schema (`.partial()`, `.transform()`) as it is parsed.
  const examples = z.globalRegistry.get(schema)?.examples;
  return namedInComponents(Array.isArray(examples) && !('examples' in json) ? { ...json, examples } : json, io);
}

/** zod's JSON Schema with this document's refinements; named schemas still in `$defs`. */
function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (context) => {
      if (io === 'input') asOnTheWire(context);
      withoutNoise(context);
      withDiscriminator(context, io);
    },
  });
  return json;
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

interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: JsonObject;
}

/** A request schema described by what it accepts on the wire (its own description and examples kept). */
function asOnTheWire({ zodSchema, jsonSchema }: OverrideContext): void {
  const wire = wireFormOf(zodSchema);
  if (!wire) return;
  const { description, examples, deprecated } = jsonSchema;
  const accepted = zodJsonSchema(wire, 'input');
  // zod hands over the object it places in the document: it is rewritten in place.
  for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key);
  const kept = Object.entries({ description, examples, deprecated }).filter(([, value]) => value !== undefined);
  Object.assign(jsonSchema, accepted, Object.fromEntries(kept));
}

/**
 * A discriminated union of named objects gets OpenAPI's `discriminator` with its mapping, so a
 * generated client picks the variant by the property's value rather than by trying each.
 */
function withDiscriminator({ zodSchema, jsonSchema }: OverrideContext, io: 'input' | 'output'): void {
  const def = (zodSchema as z.ZodType)._zod.def;
  if (def.type !== 'union' || !('discriminator' in def) || typeof def.discriminator !== 'string') return;
  const propertyName = def.discriminator;
  const mapping: Record<string, string> = {};
  for (const option of (zodSchema as z.ZodDiscriminatedUnion).options) {
    const id = z.globalRegistry.get(option)?.id;
    const value = option instanceof z.ZodObject ? (option.shape as Record<string, z.ZodType>)[propertyName] : undefined;
    if (!id || !(value instanceof z.ZodLiteral) || value.values.size !== 1) return;
    mapping[String([...value.values][0])] = `#/components/schemas/${id}${io === 'input' ? 'Input' : ''}`;
  }
  jsonSchema.discriminator = { propertyName, mapping };
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
