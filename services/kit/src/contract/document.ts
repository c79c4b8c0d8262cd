import { z } from 'zod';
import { API_PREFIX, ROUTES, type RouteRule } from '../routes.ts';
import { SCOPE_NAMES } from '../scopes.ts';
import type { Operation, OperationResponse } from './operation.ts';
import { problemSchema } from './problem-schema.ts';

type JsonObject = Record<string, unknown>;

const PROBLEM_JSON = 'application/problem+json';
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the window (reads and writes counted apart).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return json;
};

const problem = (description: string, headers: JsonObject = {}): JsonObject => ({
  description,
  headers,
  content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } },
});

/** The errors every API operation can answer, whoever owns it: the gateway's and the guard's. */
const COMMON_ERRORS: Record<number, JsonObject> = {
  401: problem('No token, or one unknown, expired or revoked (`unauthenticated`).', { 'WWW-Authenticate': { schema: { type: 'string' } } }),
  403: problem('The token lacks the scope this operation requires (`insufficient_scope`).', { 'WWW-Authenticate': { schema: { type: 'string' } } }),
  429: problem('The rate limit is reached (`rate_limited`); retry after `Retry-After` seconds.', { 'Retry-After': { schema: { type: 'integer' } } }),
  503: problem('A service behind the gateway is unavailable (`service_unavailable`, `auth_unavailable`); retry later.', {
    'Retry-After': { schema: { type: 'integer' } },
  }),
};

function ruleOf(operation: Operation): RouteRule {
  const rule = ROUTES.find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
  if (!rule) throw new Error(`${operation.operationId}: ${operation.method} ${operation.path} is not a row of the route table`);
  return rule;
}

function parametersOf(operation: Operation): JsonObject[] {
  const from = (schema: z.ZodObject | undefined, where: 'path' | 'query'): JsonObject[] =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => {
      const json = schemaOf(field as z.ZodType, 'input');
      const { description, ...fieldSchema } = json;
      return {
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        schema: fieldSchema,
        ...(description ? { description } : {}),
      };
    });
  return [...from(operation.params, 'path'), ...from(operation.query, 'query')];
}

function responseOf({ description, schema, headers = {} }: OperationResponse, status: number): JsonObject {
  const named = Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]));
  return {
    description,
    headers: { ...(status < 300 ? RATE_LIMIT_HEADERS : {}), ...named },
    ...(schema
      ? { content: { [status >= 400 ? PROBLEM_JSON : 'application/json']: { schema: schema === problemSchema ? PROBLEM_REF : schemaOf(schema, 'output') } } }
      : {}),
  };
}

function operationObject(operation: Operation): JsonObject {
  const rule = ruleOf(operation);
  const scopes = rule.scope === 'any' ? [] : [rule.scope];
  const responses: JsonObject = { ...COMMON_ERRORS };
  for (const [status, response] of Object.entries(operation.responses)) responses[status] = responseOf(response, Number(status));
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: [{ oauth2: scopes }, { personalToken: [] }],
    ...(rule.scope === 'any' ? { 'x-required-scope': 'any one scope' } : { 'x-required-scope': rule.scope }),
    parameters: parametersOf(operation),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(operation.body, 'input') } } } } : {}),
    responses,
  };
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** The gateway's public origin. */
  serverUrl: string;
}

/** The OpenAPI 3.1 document of the operations given: paths under /api/v1, security schemes and the shared Problem schema. */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    const path = `${API_PREFIX}${operation.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    (paths[path] ??= {})[operation.method.toLowerCase()] = operationObject(operation);
  }
  const ids = operations.map((operation) => operation.operationId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) throw new Error(`operationId used twice: ${repeated.join(', ')}`);
  const base = info.serverUrl.replace(/\/+$/, '');
  return {
    openapi: '3.1.1',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: base }],
    paths,
    components: {
      schemas: { Problem: schemaOf(problemSchema, 'output') },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Authorization code with PKCE (S256), required of every app.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${base}/oauth/authorize`,
              tokenUrl: `${base}/oauth/token`,
              refreshUrl: `${base}/oauth/token`,
              scopes: Object.fromEntries(SCOPE_NAMES.map((scope) => [scope, scope])),
            },
          },
        },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal token (`bsp_…`) from the developer settings, holding the scopes chosen there.',
        },
      },
    },
  };
}
