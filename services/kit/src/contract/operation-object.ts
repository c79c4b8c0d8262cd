import { describeScope, type RequiredScope } from '../routes.ts';
import { PROBLEM_JSON, PROBLEM_REF, parametersFrom, schemaOf, type JsonObject } from './json-schema.ts';
import { deprecationNote } from './deprecation.ts';
import type { Operation, OperationResponse, OutsideApiAccess, OutsideApiOperation } from './operation.ts';
import { REPEAT_WAIT_MS } from '../idempotency/held-key.ts';
import { MAX_WAITING_REPEATS_PER_DESIGNER } from '../idempotency/waiting-repeats.ts';
import { idempotencyKeyHeader, REPLAYED_HEADER } from '../idempotency/idempotency-key.ts';

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };
const CHALLENGE = { 'WWW-Authenticate': { description: 'The Bearer challenge, with `error` and (for 403) `scope`.', schema: { type: 'string' } } };

const problem = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } },
});

/**
 * The answers every API operation shares, named once in `components.responses`: the gateway's and
 * the body parser's, whoever owns the operation.
 */
export const SHARED_RESPONSES: Record<string, JsonObject> = {
  InvalidTarget: problem('The request target is refused (`invalid_path`: dot segments, encoded slashes or controls, an unreadable query).'),
  InvalidBody: problem('The request target is refused (`invalid_path`), or the body is not what its Content-Type says (`invalid_json`, a malformed form).'),
  Unauthenticated: problem('No token, or one unknown, expired or revoked (`unauthenticated`).', CHALLENGE),
  InsufficientScope: problem('The token lacks the scope this operation requires (`insufficient_scope`).', CHALLENGE),
  PayloadTooLarge: problem('The body is larger than this operation accepts (`payload_too_large`).'),
  UnsupportedMediaType: problem('The body is not of a media type this operation accepts (`unsupported_media_type`).'),
  RateLimited: problem('The rate limit is reached (`rate_limited`); retry after `Retry-After` seconds.', RETRY_AFTER),
  UpstreamUnavailable: problem('The owning service could not be reached (`upstream_unavailable`); retry later.'),
  Unavailable: problem(
    'A service behind the gateway is unavailable (`service_unavailable`, `auth_unavailable`, `busy`); retry after `Retry-After`.',
    RETRY_AFTER,
  ),
  UpstreamTimeout: problem('The owning service did not answer in time (`upstream_timeout`): retry a read; check before retrying a write.'),
  InvalidParameters: problem(
    'A path or query parameter is not of its type, such as a word where an id goes or a page below 1 (`validation_failed`, with `errors` per parameter).',
  ),
  NotModified: { description: 'Not modified: the ETag sent still names the answer.', headers: { ETag: { $ref: '#/components/headers/ETag' } } },
};

const shared = (name: keyof typeof SHARED_RESPONSES): JsonObject => ({ $ref: `#/components/responses/${name}` });

const COMMON_ERRORS: Record<number, JsonObject> = {
  400: shared('InvalidTarget'),
  401: shared('Unauthenticated'),
  403: shared('InsufficientScope'),
  429: shared('RateLimited'),
  502: shared('UpstreamUnavailable'),
  503: shared('Unavailable'),
  504: shared('UpstreamTimeout'),
};

/** What a body-taking API operation can also answer before its own rules are read. */
const BODY_ERRORS: Record<number, JsonObject> = { 400: shared('InvalidBody'), 413: shared('PayloadTooLarge'), 415: shared('UnsupportedMediaType') };

/** The headers every API answer carries, named once in `components.headers`. */
export const SHARED_HEADERS: Record<string, JsonObject> = {
  'RateLimit-Limit': { description: 'Requests allowed in the window (reads and writes counted apart).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  ETag: { description: 'Names this answer: send it in If-None-Match to get 304 while it holds.', schema: { type: 'string' } },
  Deprecation: {
    description: 'The request used something deprecated (RFC 9745): since when, as `@` and seconds since the epoch. The operation’s description says what.',
    schema: { type: 'string', pattern: '^@[0-9]+$' },
  },
  Sunset: { description: 'The request used something that may stop working after this HTTP date (RFC 8594).', schema: { type: 'string' } },
  Link: { description: 'With `rel="deprecation"`: where the replacement and the deprecation policy are described.', schema: { type: 'string' } },
  [REPLAYED_HEADER]: {
    description: '`true` when this is the answer to an earlier request with the same Idempotency-Key, given again: nothing was written this time.',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Request-Id': {
    description:
      'Names this request in boardsync’s logs and traces: the caller’s own when it sent one of 1–128 letters, digits and `._:-`, else a new one. Quote it when reporting a problem.',
    schema: { type: 'string', maxLength: 128 },
  },
};

const headerRef = (name: string): JsonObject => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = {
  'X-Request-Id': headerRef('X-Request-Id'),
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};
const ETAG_HEADER = { ETag: headerRef('ETag') };

/** Conditional reads: every API GET answers an ETag and honours If-None-Match. */
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag from an earlier answer: 304 with no body while it still names the answer.',
  schema: { type: 'string' },
};

function responseOf(
  { description, schema, mediaType, alternatives = {}, headers = {} }: OperationResponse,
  status: number,
  extraHeaders: JsonObject,
): JsonObject {
  const named = Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]));
  const type = mediaType ?? (status >= 400 ? PROBLEM_JSON : 'application/json');
  const others = Object.fromEntries(Object.entries(alternatives).map(([other, body]) => [other, { schema: schemaOf(body, 'output') }]));
  return {
    description,
    ...(Object.keys({ ...extraHeaders, ...named }).length > 0 ? { headers: { ...extraHeaders, ...named } } : {}),
    ...(schema ? { content: { [type]: { schema: schemaOf(schema, 'output') }, ...others } } : {}),
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
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: { [operation.bodyMediaType ?? 'application/json']: { schema: schemaOf(operation.body, 'input') } },
          },
        }
      : {}),
  };
}

/** What every API POST may also answer because it honours `Idempotency-Key` (services/kit/src/idempotency/answer-once.ts). */
const KEY_REFUSALS: Record<number, { text: string; headers?: JsonObject }> = {
  400: { text: 'an Idempotency-Key that is not 1-255 visible ASCII characters (`invalid_idempotency_key`)' },
  409: {
    text: `a request with this Idempotency-Key is still running after the repeat waited ${String(REPEAT_WAIT_MS / 1000)} s for it, or while ${String(MAX_WAITING_REPEATS_PER_DESIGNER)} of the designer's repeats already wait (\`idempotency_in_progress\`, with \`Retry-After\`)`,
    headers: RETRY_AFTER,
  },
  422: { text: 'the Idempotency-Key was already used for another request (`idempotency_key_reused`)' },
};

/** Adds the key's refusals to a POST's answers: to the description of the status when it has one, as a new answer when not. */
function withKeyRefusals(responses: JsonObject): void {
  for (const [status, { text, headers }] of Object.entries(KEY_REFUSALS)) {
    const own = responses[status] as { description?: string; headers?: JsonObject; $ref?: string } | undefined;
    if (!own || own.$ref) {
      const common = own?.$ref ? SHARED_RESPONSES[own.$ref.split('/').pop() ?? '']?.description : undefined;
      responses[status] = problem(typeof common === 'string' ? `${common} Or ${text}.` : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}.`, headers);
      continue;
    }
    own.description = `${own.description ?? ''} Or ${text}.`;
    if (headers) own.headers = { ...own.headers, ...headers };
  }
}

const DEPRECATION_HEADERS = { Deprecation: headerRef('Deprecation'), Sunset: headerRef('Sunset'), Link: headerRef('Link') };

/** An API operation: the scope it declares, the common errors, rate-limit headers on every success, and what of it is deprecated. */
export function apiOperationObject(operation: Operation): JsonObject {
  const responses: JsonObject = { ...COMMON_ERRORS, ...(operation.body ? BODY_ERRORS : {}) };
  const read = operation.method === 'GET';
  const deprecations = operation.deprecations ?? [];
  const post = operation.method === 'POST';
  const successHeaders = {
    ...(read ? { ...RATE_LIMIT_HEADERS, ...ETAG_HEADER } : RATE_LIMIT_HEADERS),
    ...(post ? { [REPLAYED_HEADER]: headerRef(REPLAYED_HEADER) } : {}),
    ...(deprecations.length > 0 ? DEPRECATION_HEADERS : {}),
  };
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = responseOf(response, Number(status), Number(status) < 300 ? successHeaders : {});
  }
  if (read) responses[304] = shared('NotModified');
  // Parameters are parsed before anything is looked up: a malformed one is 422, never a lookup.
  if ((operation.params || operation.query) && !operation.responses[422]) responses[422] = shared('InvalidParameters');
  if (post) withKeyRefusals(responses);
  const parts = sharedParts(operation);
  const notes = deprecations.map(deprecationNote);
  return {
    ...parts,
    ...(notes.length > 0 ? { description: [operation.description, ...notes].filter(Boolean).join('\n\n') } : {}),
    ...(deprecations.some(({ what }) => 'operation' in what) ? { deprecated: true } : {}),
    ...(read ? { parameters: [...(parts.parameters as JsonObject[]), IF_NONE_MATCH] } : {}),
    ...(post ? { parameters: [...(parts.parameters as JsonObject[]), ...parametersFrom(idempotencyKeyHeader, 'header')] } : {}),
    security: [...oauthScopes(operation.scope).map((scopes) => ({ oauth2: scopes })), { personalToken: [] }],
    'x-required-scope': describeScope(operation.scope),
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
  // The gateway's target check answers before any service: its 400 unless the operation has its own.
  const responses: JsonObject = { 400: shared('InvalidTarget') };
  for (const [status, response] of Object.entries(operation.responses)) responses[status] = responseOf(response, Number(status), {});
  const own400 = operation.responses[400];
  if (own400?.mediaType && own400.mediaType !== PROBLEM_JSON) {
    const answer = responses[400] as { description: string; content: JsonObject };
    answer.description = `${answer.description} Or, before the request reaches it, the gateway's \`invalid_path\` problem for a refused request target.`;
    answer.content[PROBLEM_JSON] = { schema: PROBLEM_REF };
  }
  return { ...sharedParts(operation), security: SECURITY[operation.access], responses };
}

/** OpenAPI's alternatives: one requirement per scope that would do. */
function oauthScopes(required: RequiredScope): string[][] {
  if (required === 'any') return [[]];
  if (typeof required === 'object') return required.anyOf.map((scope) => [scope]);
  return [[required]];
}
