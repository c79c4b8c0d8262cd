// Jest setup for the integration suites (jest.config.js): every answer a test receives through
// fetch from a path the public contract documents is checked against it — the status is one the
// operation lists, the media type one it names, and a JSON body valid by its schema — so the
// document cannot drift from what the services really say. A mismatch fails the request, and so the test.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

interface DocumentedOperation {
  id: string;
  method: string;
  pattern: RegExp;
  responses: Record<string, Json>;
}

const document = JSON.parse(readFileSync(new URL('../../services/gateway/contract/openapi.json', import.meta.url), 'utf8')) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The document's references, pointed at its named schemas registered once in Ajv under `contract`. */
const resolvable = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', 'contract#/$defs/') : value,
  );

ajv.addSchema({ $id: 'contract', $defs: resolvable((document.components as Json).schemas) as Json });

const operations: DocumentedOperation[] = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    id: operation.operationId as string,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[A-Za-z]+\}/g, '[^/]+')}/?$`),
    responses: operation.responses as Record<string, Json>,
  })),
);

const sharedResponses = (document.components as Json).responses as Record<string, Json>;

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolvable(schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}

const mediaMatches = (documented: string, received: string): boolean =>
  documented === received || (documented.endsWith('/*') && received.startsWith(documented.slice(0, -1)));

/** What is wrong with an answer by the contract, or undefined when it conforms (or the contract has nothing to say of it). */
export async function contractViolation(method: string, url: URL, response: Response): Promise<string | undefined> {
  const operation = operations.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
  if (!operation) return undefined;
  const status = String(response.status);
  const listed = operation.responses[status] ?? operation.responses[`${status[0] ?? ''}XX`];
  const documented = typeof listed?.$ref === 'string' ? sharedResponses[listed.$ref.replace('#/components/responses/', '')] : listed;
  if (!documented) return `${operation.id}: status ${status} is not one the contract lists (${Object.keys(operation.responses).join(', ')})`;
  const content = documented.content as Record<string, { schema?: unknown }> | undefined;
  const received = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!content || response.status === 304) return undefined;
  const mediaType = Object.keys(content).find((candidate) => mediaMatches(candidate, received));
  if (!mediaType) return `${operation.id} ${status}: Content-Type ${received || '(none)'} is not one the contract names (${Object.keys(content).join(', ')})`;
  if (!received.endsWith('json')) {
    // Not read here: cancelled, so the caller's branch of the body alone decides when it ends (a stream).
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${operation.id} ${status}: the body is not JSON: ${text.slice(0, 200)}`;
  }
  const validate = validatorFor(`${operation.id} ${status} ${mediaType}`, content[mediaType]?.schema ?? {});
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  return `${operation.id} ${status}: the body does not match the contract:\n  ${errors.slice(0, 10).join('\n  ')}\nbody: ${text.slice(0, 500)}`;
}

const fetchAsSent = globalThis.fetch;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetchAsSent(input, init);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  // The gateway suites' stand-in for a service answers every route alike: it speaks for no operation.
  if (method === 'HEAD' || response.headers.get('x-served-by') === 'stand-in') return response;
  const url = new URL(input instanceof Request ? input.url : input);
  const violation = await contractViolation(method, url, response.clone());
  if (violation) throw new Error(`The answer to ${method} ${url.pathname} breaks the public contract (services/gateway/contract/openapi.json): ${violation}`);
  return response;
};
