import { STATUS_CODES } from 'node:http';
import { PROBLEM_JSON, PROBLEM_REF, type JsonObject } from './json-schema.ts';

const REF = /^#\/components\/schemas\/(.+)$/;

/**
 * Gives every JSON answer of the document that has none an example, composed from the named
 * schemas' own (a `{data: Project}` envelope shows the Project example; a page, one row with its
 * `links` and `meta`), so a reader sees a real answer for each operation. What no named schema
 * covers is filled from the schema itself: its example, const, first enum value or default, else a
 * plain value of its type. The contract test validates each one against its schema.
 */
export function addResponseExamples(document: JsonObject): void {
  const components = document.components as { schemas: Record<string, JsonObject>; responses?: Record<string, JsonObject> };
  const example = (schema: JsonObject): unknown => exampleOf(schema, components.schemas, new Set());
  const own = Object.values(document.paths as Record<string, Record<string, { responses?: Record<string, JsonObject> }>>).flatMap((item) =>
    Object.values(item).flatMap((operation) => Object.entries(operation.responses ?? {})),
  );
  // A shared answer's status is the one the operations give it.
  const sharedStatus = new Map(own.flatMap(([status, answer]) => (typeof answer.$ref === 'string' ? [[answer.$ref.split('/').pop(), status] as const] : [])));
  const answers: [string, JsonObject][] = [
    ...own,
    ...Object.entries(components.responses ?? {}).map(([name, answer]): [string, JsonObject] => [sharedStatus.get(name) ?? '500', answer]),
  ];
  for (const [status, answer] of answers) {
    for (const [mediaType, media] of Object.entries((answer.content ?? {}) as Record<string, JsonObject>)) {
      const schema = media.schema as JsonObject | undefined;
      if (!schema || !/json/.test(mediaType) || 'example' in media || 'examples' in media) continue;
      media.example = mediaType === PROBLEM_JSON && schema.$ref === PROBLEM_REF.$ref ? problemExample(status, answer.description as string) : example(schema);
    }
  }
}

/** The code an answer of the status carries when its description names none. */
const CODE_OF_STATUS: Record<number, string> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 422: 'validation_failed', 429: 'rate_limited' };

/** A code in backticks: snake_case, or one of the one-word codes. */
const CODE_NAMED = /`([a-z]+(?:_[a-z]+)+|forbidden|unauthenticated|busy)`/;
const named = (pattern: RegExp, description: string): string | undefined => pattern.exec(description)?.[1];

/**
 * A Problem as this answer gives it: its status and reason, and the `code` its description names,
 * with the description as the detail. A description names fields too ("no component with this
 * `unique_id` (`not_found`)"): a code in parentheses wins, then the first one named.
 */
function problemExample(status: string, description: string): JsonObject {
  const number = Number(status);
  const code = named(/\(`([a-z]+(?:_[a-z]+)*)`/, description) ?? named(CODE_NAMED, description) ?? CODE_OF_STATUS[number] ?? `http_${status}`;
  return {
    type: `https://boardsync.dev/problems/${code}`,
    title: STATUS_CODES[number] ?? 'Error',
    status: number,
    code,
    detail: description,
    ...(code === 'validation_failed' ? { errors: { name: ['is required'] } } : {}),
  };
}

function exampleOf(schema: JsonObject, named: Record<string, JsonObject>, visiting: Set<string>): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const ref = typeof schema.$ref === 'string' ? REF.exec(schema.$ref)?.[1] : undefined;
  if (ref !== undefined) {
    const target = named[ref];
    if (!target || visiting.has(ref)) return null;
    return exampleOf(target, named, new Set([...visiting, ref]));
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  if (alternatives) {
    const chosen = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return chosen ? exampleOf(chosen, named, visiting) : null;
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((kind) => kind !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonObject>).map(([name, property]) => [name, exampleOf(property, named, visiting)]),
      );
    case 'array':
      return schema.items ? [exampleOf(schema.items as JsonObject, named, visiting)] : [];
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'date-time' ? '2026-11-28T12:00:00.000Z' : schema.format === 'uri' ? 'https://boardsync.example/' : 'text';
    default:
      return null;
  }
}
