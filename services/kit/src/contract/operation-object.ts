import { ROUTES, type RouteRule } from '../routes.ts';
import { PROBLEM_JSON, parametersFrom, schemaOf, type JsonObject } from './json-schema.ts';
import { problemSchema } from './problem-schema.ts';
import type { Operation, OperationResponse, OutsideApiAccess, OutsideApiOperation } from './operation.ts';

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the window (reads and writes counted apart).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

const problem = (description: string, headers: JsonObject = {}): OperationResponse & { headerSchemas: JsonObject } => ({
  description,
  headerSchemas: headers,
});

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };
const CHALLENGE = { 'WWW-Authenticate': { description: 'The Bearer challenge, with `error` and (for 403) `scope`.', schema: { type: 'string' } } };

/** The errors every API operation can answer, whoever owns it: the gateway's and the guard's. */
const COMMON_ERRORS: Record<number, ReturnType<typeof problem>> = {
  401: problem('No token, or one unknown, expired or revoked (`unauthenticated`).', CHALLENGE),
  403: problem('The token lacks the scope this operation requires (`insufficient_scope`).', CHALLENGE),
  429: problem('The rate limit is reached (`rate_limited`); retry after `Retry-After` seconds.', RETRY_AFTER),
  503: problem('A service behind the gateway is unavailable (`service_unavailable`, `auth_unavailable`); retry later.', RETRY_AFTER),
};

/** What a body-taking API operation can also answer before its own rules are read. */
const BODY_ERRORS: Record<number, ReturnType<typeof problem>> = {
  400: problem('The body is not what its Content-Type says (`invalid_json`, a malformed form).'),
  413: problem('The body is larger than this operation accepts (`payload_too_large`).'),
  415: problem('The body is not of a media type this operation accepts (`unsupported_media_type`).'),
};

function ruleOf(operation: Operation): RouteRule {
  const rule = ROUTES.find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
  if (!rule) throw new Error(`${operation.operationId}: ${operation.method} ${operation.path} is not a row of the route table`);
  return rule;
}

function responseOf({ description, schema, mediaType, headers = {} }: OperationResponse, status: number, extraHeaders: JsonObject): JsonObject {
  const named = Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]));
  const type = mediaType ?? (status >= 400 ? PROBLEM_JSON : 'application/json');
  return {
    description,
    ...(Object.keys({ ...extraHeaders, ...named }).length > 0 ? { headers: { ...extraHeaders, ...named } } : {}),
    ...(schema ? { content: { [type]: { schema: schemaOf(schema, 'output') } } } : {}),
  };
}

function sharedParts(operation: Operation | OutsideApiOperation): JsonObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    parameters: [...parametersFrom(operation.params, 'path'), ...parametersFrom(operation.query, 'query'), ...parametersFrom(operation.headers, 'header')],
    ...(operation.body
      ? { requestBody: { required: true, content: { [operation.bodyMediaType ?? 'application/json']: { schema: schemaOf(operation.body, 'input') } } } }
      : {}),
  };
}

/** An API operation: its scope from the route table, the common errors, and rate-limit headers on every success. */
export function apiOperationObject(operation: Operation): JsonObject {
  const rule = ruleOf(operation);
  const common = { ...COMMON_ERRORS, ...(operation.body ? BODY_ERRORS : {}) };
  const responses: JsonObject = {};
  for (const [status, { headerSchemas, ...response }] of Object.entries(common)) {
    responses[status] = responseOf({ ...response, schema: problemSchema }, Number(status), headerSchemas);
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = responseOf(response, Number(status), Number(status) < 300 ? RATE_LIMIT_HEADERS : {});
  }
  return {
    ...sharedParts(operation),
    security: [{ oauth2: rule.scope === 'any' ? [] : [rule.scope] }, { personalToken: [] }],
    'x-required-scope': rule.scope === 'any' ? 'any one scope' : rule.scope,
    responses,
  };
}

const SECURITY: Record<OutsideApiAccess, JsonObject[]> = {
  anonymous: [{}],
  browser: [{}],
  // A public client sends its client_id alone (PKCE proves it); a confidential one adds its secret, in Basic or the form.
  client: [{}, { clientSecretBasic: [] }],
};

/** An operation outside /api/v1 (OAuth, stored files): its own answers only, and how it is reached. */
export function outsideApiOperationObject(operation: OutsideApiOperation): JsonObject {
  const responses = Object.fromEntries(Object.entries(operation.responses).map(([status, response]) => [status, responseOf(response, Number(status), {})]));
  return { ...sharedParts(operation), security: SECURITY[operation.access], responses };
}
