import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import type { Operation } from '../../contract/operation.ts';
import { testLogger } from '../../testing.ts';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '../../principal.ts';
import { apiOperations, serveOperations } from '../api-operations.ts';
import { createServiceApp } from '../app.ts';
import { serve, type RunningServer } from '../serve.ts';

const secret = 'g'.repeat(40);
let server: RunningServer;

interface Deps {
  greeting: string;
}

const answers = { 200: { description: 'ok' } };
const echo = (ctx: Parameters<Operation<Deps>['handle']>[0], { greeting }: Deps): void => {
  ctx.body = { greeting, params: ctx.params, steps: ctx.state.steps as unknown };
};
const operations: Operation<Deps>[] = [
  {
    method: 'GET',
    path: '/projects/:project/components',
    scope: 'components:read',
    operationId: 'list',
    summary: 's',
    tags: [],
    responses: answers,
    handle: echo,
  },
  {
    method: 'POST',
    path: '/projects/:project/components',
    scope: 'components:write',
    operationId: 'write',
    summary: 's',
    tags: [],
    responses: answers,
    before: ({ greeting }) => [
      async (ctx, next) => {
        ctx.state.steps = [`before ${greeting}`];
        await next();
      },
    ],
    handle: echo,
  },
  {
    method: 'DELETE',
    path: '/projects/:project/components',
    scope: 'components:write',
    operationId: 'delete',
    summary: 's',
    tags: [],
    responses: answers,
    handle: echo,
  },
  {
    method: 'DELETE',
    path: '/projects/:project/components/:uniqueId',
    scope: 'components:write',
    operationId: 'deleteOne',
    summary: 's',
    tags: [],
    responses: answers,
    handle: echo,
  },
];

beforeAll(async () => {
  const app = createServiceApp({ service: 'guard-test', logger: testLogger('guard-test') });
  app.use(apiOperations(serveOperations(operations, { greeting: 'hello' }), secret));
  // A handler mounted after the API, for a path no operation declares.
  const router = new Router({ prefix: '/api/v1' });
  router.get('/unlisted', (ctx) => (ctx.body = { served: true }));
  app.use(router.routes());
  server = await serve(app, { port: 0 });
});
afterAll(() => server.close());

async function call(method: string, path: string, scopes?: string[]): Promise<Response> {
  const headers: Record<string, string> = {};
  if (scopes) {
    headers[INTERNAL_PRINCIPAL_HEADER] = await issuePrincipalToken(
      { designerId: 1, source: 'api:personal', scopes, plan: { storageLimitBytes: 0, unlockedProjectLimit: null }, requestId: 'r' },
      secret,
    );
  }
  return fetch(`${server.url}${path}`, { method, headers });
}

describe('apiOperations: each service serves its declared operations behind its own scope check', () => {
  it('serves an operation whose scope the principal holds, with its dependencies and decoded path parameters', async () => {
    const response = await call('DELETE', '/api/v1/projects/1/components/card%20one', ['components:write']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ greeting: 'hello', params: { project: '1', uniqueId: 'card one' } });
  });

  it('runs the operation’s `before` middleware ahead of its handler', async () => {
    expect(await (await call('POST', '/api/v1/projects/1/components', ['components:write'])).json()).toMatchObject({ steps: ['before hello'] });
  });

  it('refuses a principal without the operation’s scope with 403 insufficient_scope', async () => {
    const response = await call('DELETE', '/api/v1/projects/1/components', ['components:read']);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('insufficient_scope');
    expect(response.headers.get('www-authenticate')).toContain('scope="components:write"');
  });

  it('refuses a request without a principal with 401', async () => {
    expect((await call('GET', '/api/v1/projects/1/components')).status).toBe(401);
  });

  it('refuses a zero-scope principal everywhere', async () => {
    expect((await call('GET', '/api/v1/projects/1/components', [])).status).toBe(403);
  });

  it('does not serve a path no operation declares, whatever handlers come after', async () => {
    expect((await call('GET', '/api/v1/unlisted', ['components:read'])).status).toBe(404);
  });

  it('guards the API prefix in any case: /API/v1 is neither served without a principal nor without the scope', async () => {
    expect((await call('GET', '/API/v1/projects/1/components')).status).toBe(401);
    expect((await call('GET', '/Api/V1/projects/1/components', ['projects:read'])).status).toBe(403);
  });

  it('answers 405 for a method no operation declares on the path', async () => {
    const response = await call('PUT', '/api/v1/projects/1/components', ['components:write']);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
  });
});
