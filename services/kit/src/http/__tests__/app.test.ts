import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import { testLogger } from '../../testing.ts';
import { Problem } from '../../problem.ts';
import { issuePrincipalToken, requirePrincipal, INTERNAL_PRINCIPAL_HEADER } from '../../principal.ts';
import { createServiceApps } from '../app.ts';
import { serve, type RunningServer } from '../serve.ts';

const secret = 'x'.repeat(40);
const logger = testLogger('app-test');
let healthy = true;
let brokerUp = true;
let server: RunningServer;
let internal: RunningServer;
let scrape: RunningServer;

beforeAll(async () => {
  const apps = createServiceApps({
    service: 'app-test',
    logger,
    jsonLimit: 1024,
    readiness: {
      database: () => (healthy ? Promise.resolve() : Promise.reject(new Error('connection refused'))),
    },
    observed: {
      bus: () => (brokerUp ? Promise.resolve() : Promise.reject(new Error('broker unreachable'))),
    },
  });
  const app = apps.public;
  const router = new Router();
  router.post('/echo', (ctx) => {
    ctx.body = { received: ctx.request.body };
  });
  router.get('/items/:id', (ctx) => {
    if (ctx.params.id === 'missing') throw Problem.notFound('item');
    if (ctx.params.id === 'invalid') throw Problem.validation({ name: ['is required'] });
    if (ctx.params.id === 'boom') throw new Error('database password is hunter2');
    ctx.body = { data: { id: ctx.params.id } };
  });
  router.get('/private', requirePrincipal(secret), (ctx) => {
    ctx.body = { designer: (ctx.state.principal as { designerId: number }).designerId };
  });
  app.use(router.routes());
  server = await serve(app, { port: 0 });
  internal = await serve(apps.internal, { port: 0 });
  scrape = await serve(apps.scrape, { port: 0 });
});
afterAll(async () => {
  await server.close();
  await internal.close();
  await scrape.close();
});

const call = (path: string, init?: RequestInit) => fetch(server.url + path, init);

describe('service app', () => {
  it('echoes a plain X-Request-Id and invents one otherwise', async () => {
    const echoed = await call('/healthz', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const invented = await call('/healthz', { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
    expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the request id on the access-log line', async () => {
    await call('/items/7', { headers: { 'X-Request-Id': 'trace-me' } });
    expect(logger.lines()).toContainEqual(expect.objectContaining({ request_id: 'trace-me', path: '/items/7', status: 200, msg: 'request' }));
  });

  it('answers /healthz, and /readyz with each check by name only on the internal listener', async () => {
    expect(await (await call('/healthz')).json()).toEqual({ status: 'ok' });
    healthy = false;
    const failing = await call('/readyz');
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({ status: 'fail' });
    const detailed = await fetch(`${internal.url}/readyz`);
    expect(detailed.status).toBe(503);
    expect(await detailed.json()).toEqual({ status: 'fail', checks: { database: 'fail: connection refused', bus: 'ok' } });
    healthy = true;
    expect((await call('/readyz')).status).toBe(200);
  });

  it('stays ready, and says degraded, while only an observed dependency fails: a broker outage must not empty the load balancer', async () => {
    brokerUp = false;
    try {
      const publicAnswer = await call('/readyz');
      expect(publicAnswer.status).toBe(200);
      expect(await publicAnswer.json()).toEqual({ status: 'degraded' });
      const detailed = await fetch(`${internal.url}/readyz`);
      expect(detailed.status).toBe(200);
      expect(await detailed.json()).toEqual({ status: 'degraded', checks: { database: 'ok', bus: 'fail: broker unreachable' } });
      healthy = false;
      expect((await call('/readyz')).status).toBe(503);
    } finally {
      brokerUp = true;
      healthy = true;
    }
  });

  it('renders problems as RFC 9457 bodies', async () => {
    const response = await call('/items/missing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: 'https://boardsync.dev/problems/not_found',
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      detail: 'The item does not exist.',
    });
    const invalid = await call('/items/invalid');
    expect(await invalid.json()).toMatchObject({ status: 422, code: 'validation_failed', errors: { name: ['is required'] } });
  });

  it('answers unknown routes with a not_found problem', async () => {
    const response = await call('/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', detail: 'No route for GET /nowhere.' });
  });

  it('hides unexpected errors and logs them in full', async () => {
    const response = await call('/items/boom', { headers: { 'X-Request-Id': 'boom-1' } });
    expect(response.status).toBe(500);
    const body = JSON.stringify(await response.json());
    expect(body).not.toContain('hunter2');
    expect(logger.lines()).toContainEqual(expect.objectContaining({ request_id: 'boom-1', msg: 'unhandled error' }));
  });

  it('parses JSON, refuses malformed JSON and bodies over the limit', async () => {
    const ok = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await ok.json()).toEqual({ received: { a: 1 } });
    const malformed = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_json' });
    const huge = await call('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(5000) }) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('exposes request durations by route template on the internal /metrics, never on the public listener', async () => {
    await call('/items/99');
    expect((await call('/metrics')).status).toBe(404);
    const text = await (await fetch(`${internal.url}/metrics`)).text();
    expect(text).toMatch(/boardsync_http_request_duration_seconds_count\{boardsync_service="app-test",method="GET",route="\/items\/:id",status="200"\} \d+/);
  });

  it('lets only requests with a valid internal principal through', async () => {
    expect((await call('/private')).status).toBe(401);
    expect((await call('/private', { headers: { [INTERNAL_PRINCIPAL_HEADER]: 'forged' } })).status).toBe(401);
    const token = await issuePrincipalToken(
      { designerId: 5, source: 'api:personal', scopes: [], plan: { storageLimitBytes: 0, unlockedProjectLimit: 3 }, requestId: 'r' },
      secret,
    );
    const response = await call('/private', { headers: { [INTERNAL_PRINCIPAL_HEADER]: token } });
    expect(await response.json()).toEqual({ designer: 5 });
  });

  it('serves /metrics and /healthz alone on the scrape listener: no admin or internal route, and no /readyz that could only say ok', async () => {
    await call('/items/7');
    const metrics = await fetch(`${scrape.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('boardsync_http_request_duration_seconds');
    expect((await fetch(`${scrape.url}/healthz`)).status).toBe(200);
    for (const path of ['/readyz', '/admin/designers', '/internal/projects/1', '/items/7']) {
      expect([path, (await fetch(`${scrape.url}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await fetch(`${scrape.url}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
