import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { openApiDocument } from '../document.ts';
import type { Operation, OutsideApiOperation } from '../operation.ts';
import { pageOf, pageQuery } from '../page-schema.ts';
import { problemSchema } from '../problem-schema.ts';

const info = { title: 'boardsync', version: '1.0.0', description: 'test', serverUrl: 'https://api.example/' };
const item = z.object({ id: z.int(), name: z.string() });
/** The document never runs a handler. */
const unused = (): void => undefined;
const operations: Operation[] = [
  {
    method: 'GET',
    path: '/projects',
    scope: 'projects:read',
    operationId: 'listProjects',
    summary: 'List',
    tags: ['Projects'],
    query: pageQuery,
    responses: { 200: { description: 'A page.', schema: pageOf(item) } },
    handle: unused,
  },
  {
    method: 'PATCH',
    path: '/projects/:project',
    scope: 'projects:write',
    operationId: 'updateProject',
    summary: 'Change',
    tags: ['Projects'],
    params: z.object({ project: z.coerce.number().int().positive() }),
    body: z.object({ name: z.string().min(1).optional() }),
    responses: { 200: { description: 'Changed.', schema: z.object({ data: item }) }, 409: { description: 'Locked.', schema: problemSchema } },
    handle: unused,
  },
  {
    method: 'GET',
    path: '/me',
    scope: 'any',
    operationId: 'me',
    summary: 'Me',
    tags: ['Account'],
    responses: { 200: { description: 'Account.', schema: item } },
    handle: unused,
  },
];

type Json = Record<string, unknown>;
const at = (document: Json, ...keys: string[]): Json => keys.reduce<Json>((node, key) => node[key] as Json, document);

describe('openApiDocument', () => {
  const document = openApiDocument(operations, info);

  it('lists the tags described, and refuses a tag an operation uses undescribed or one described and unused', () => {
    const tags = [
      { name: 'Projects', description: 'Games.' },
      { name: 'Account', description: 'Who.' },
    ];
    expect(openApiDocument(operations, info, { tags }).tags).toEqual(tags);
    expect(() => openApiDocument(operations, info, { tags: [{ name: 'Projects', description: 'Games.' }] })).toThrow(
      /tags undescribed: Account; described but unused: none/,
    );
    expect(() => openApiDocument(operations, info, { tags: [...tags, { name: 'Decks', description: 'Gone.' }] })).toThrow(/described but unused: Decks/);
  });

  it('names the page envelope’s parts once, and every answer says its X-Request-Id', () => {
    const page = at(document, 'paths', '/api/v1/projects', 'get', 'responses', '200');
    expect(at(page, 'content', 'application/json', 'schema', 'properties')).toMatchObject({
      links: { $ref: '#/components/schemas/PageLinks' },
      meta: { $ref: '#/components/schemas/PageMeta' },
    });
    expect(at(page, 'headers')).toMatchObject({ 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } });
    expect(at(document, 'components', 'headers')).toHaveProperty('X-Request-Id');
  });

  it('is OpenAPI 3.1 with the server, both security schemes and every scope', () => {
    expect(document).toMatchObject({ openapi: '3.1.1', servers: [{ url: 'https://api.example' }] });
    const schemes = at(document, 'components', 'securitySchemes');
    expect(at(schemes, 'oauth2', 'flows', 'authorizationCode')).toMatchObject({
      authorizationUrl: 'https://api.example/oauth/authorize',
      tokenUrl: 'https://api.example/oauth/token',
    });
    expect(Object.keys(at(schemes, 'oauth2', 'flows', 'authorizationCode', 'scopes'))).toHaveLength(7);
    expect(at(schemes, 'personalToken')).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('states each operation’s declared scope, the one its service enforces', () => {
    expect(at(document, 'paths', '/api/v1/projects/{project}', 'patch').security).toEqual([{ oauth2: ['projects:write'] }, { personalToken: [] }]);
    expect(at(document, 'paths', '/api/v1/me', 'get').security).toEqual([{ oauth2: [] }, { personalToken: [] }]);
    const [list] = operations as [Operation];
    expect(at(document, 'paths', '/api/v1/projects', 'get')['x-required-scope']).toBe('projects:read');
    expect(() => openApiDocument([list, { ...list, method: 'POST' }], info)).toThrow(/operationId used twice/);
  });

  it('names path and query parameters, the JSON body, and every answer with its headers', () => {
    const patch = at(document, 'paths', '/api/v1/projects/{project}', 'patch');
    expect(patch.parameters).toEqual([{ name: 'project', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) as unknown }]);
    expect(at(patch, 'requestBody', 'content', 'application/json', 'schema')).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
    });
    const responses = at(patch, 'responses');
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '429', '502', '503', '504']);
    expect(at(responses, '409', 'content', 'application/problem+json', 'schema')).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(Object.keys(at(responses, '200', 'headers'))).toEqual(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(at(responses, '429')).toEqual({ $ref: '#/components/responses/RateLimited' });
    expect(at(document, 'components', 'responses', 'RateLimited', 'headers')).toHaveProperty('Retry-After');
    const list = at(document, 'paths', '/api/v1/projects', 'get');
    expect((list.parameters as Json[]).map((parameter) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ['page', 'query', false],
      ['per_page', 'query', false],
      ['If-None-Match', 'header', false],
    ]);
    expect(at(list, 'responses', '304')).toEqual({ $ref: '#/components/responses/NotModified' });
    expect(at(list, 'responses', '200', 'headers')).toHaveProperty('ETag');
    expect(at(list, 'responses', '200', 'content', 'application/json', 'schema', 'properties')).toHaveProperty('links');
  });

  it('describes operations outside /api/v1 with their own access and answers only', () => {
    const token: OutsideApiOperation = {
      method: 'POST',
      path: '/oauth/token',
      operationId: 'token',
      summary: 'Token',
      tags: ['OAuth'],
      access: 'client',
      body: z.object({ grant_type: z.string() }),
      bodyMediaType: 'application/x-www-form-urlencoded',
      responses: { 200: { description: 'Tokens.', schema: item }, 400: { description: 'OAuth error.', schema: item, mediaType: 'application/json' } },
    };
    const withToken = openApiDocument([], info, { outsideApi: [token] });
    const operation = at(withToken, 'paths', '/oauth/token', 'post');
    expect(operation.security).toEqual([{}, { clientSecretBasic: [] }]);
    expect(Object.keys(at(operation, 'responses'))).toEqual(['200', '400']);
    expect(at(operation, 'responses', '400', 'content')).toHaveProperty(['application/json']);
    expect(at(operation, 'requestBody', 'content')).toHaveProperty(['application/x-www-form-urlencoded']);
    expect(() => openApiDocument([], info, { outsideApi: [token, token] })).toThrow(/operationId used twice/);
  });

  it('lists each webhook event with the headers every delivery carries', () => {
    const headers = z.object({ 'X-SVC-Signature': z.string().describe('The signature.') });
    const withEvents = openApiDocument([], info, { webhooks: { events: [{ event: 'components.changed', summary: 'Changed', body: item }], headers } });
    const event = at(withEvents, 'webhooks', 'components.changed', 'post');
    expect(event.operationId).toBe('onComponentsChanged');
    expect(event.parameters).toEqual([{ name: 'X-SVC-Signature', in: 'header', required: true, schema: { type: 'string' }, description: 'The signature.' }]);
    expect(at(event, 'requestBody', 'content', 'application/json', 'schema')).toMatchObject({ properties: { id: { type: 'integer' } } });
  });

  it('names a schema given an id once in components.schemas, and refuses one name for two schemas', () => {
    const named = z.object({ id: z.int() }).meta({ id: 'Thing' });
    const [list, patch] = operations as [Operation, Operation];
    const reading = { ...list, responses: { 200: { description: 'A page.', schema: pageOf(named) } } };
    const changing = { ...patch, body: named, responses: { 200: { description: 'Changed.', schema: z.object({ data: named }) } } };
    const withNames = openApiDocument([reading, changing], info);
    expect(at(withNames, 'components', 'schemas', 'Thing')).toMatchObject({ type: 'object', additionalProperties: false });
    expect(at(withNames, 'components', 'schemas', 'ThingInput')).toMatchObject({ type: 'object', required: ['id'] });
    const changed = at(withNames, 'paths', '/api/v1/projects/{project}', 'patch');
    expect(at(changed, 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'data')).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(at(changed, 'requestBody', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ThingInput' });
    expect(JSON.stringify(withNames)).not.toContain('$defs');
    const other = z.object({ name: z.string() }).meta({ id: 'Thing' });
    expect(() => openApiDocument([reading, { ...changing, body: undefined, responses: { 200: { description: 'x', schema: other } } }], info)).toThrow(
      /both named Thing/,
    );
  });
});
