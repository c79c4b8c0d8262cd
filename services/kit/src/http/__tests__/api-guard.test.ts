import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import { testLogger } from '../../testing.ts';
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '../../principal.ts';
import { apiGuard } from '../api-guard.ts';
import { createServiceApp } from '../app.ts';
import { serve, type RunningServer } from '../serve.ts';

const secret = 'g'.repeat(40);
let server: RunningServer;

beforeAll(async () => {
  const app = createServiceApp({ service: 'guard-test', logger: testLogger('guard-test') });
  app.use(apiGuard('catalog', secret));
  const router = new Router({ prefix: '/api/v1' });
  // Handlers for a catalog route and for routes the table gives to other services or does not list.
  router.all('/projects/:project/components', (ctx) => (ctx.body = { served: true }));
  router.get('/me', (ctx) => (ctx.body = { served: true }));
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

describe('apiGuard: each service checks the route table itself', () => {
  it('serves a route whose scope the principal holds', async () => {
    expect((await call('GET', '/api/v1/projects/1/components', ['components:read'])).status).toBe(200);
  });

  it('refuses a principal without the route scope with 403 insufficient_scope', async () => {
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

  it('does not serve another service’s row or an unlisted path, whatever the handlers', async () => {
    expect((await call('GET', '/api/v1/me', ['components:read'])).status).toBe(404);
    expect((await call('GET', '/api/v1/unlisted', ['components:read'])).status).toBe(404);
  });

  it('guards the API prefix in any case: /API/v1 is neither served without a principal nor without the route scope', async () => {
    expect((await call('GET', '/API/v1/projects/1/components')).status).toBe(401);
    expect((await call('GET', '/Api/V1/projects/1/components', ['projects:read'])).status).toBe(403);
  });

  it('answers 405 for a method the table does not list on the path', async () => {
    const response = await call('PUT', '/api/v1/projects/1/components', ['components:write']);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
  });
});
