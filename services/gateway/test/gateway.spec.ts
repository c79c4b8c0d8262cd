import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { GatewayWorld } from './support/world.ts';

// docs/rules.md "Authentication and scopes", written out here independently of the gateway's own table so a slip in either shows.
const SPEC_ROUTES: [method: string, path: string, scope: string][] = [
  ['GET', '/projects', 'projects:read'],
  ['GET', '/projects/7', 'projects:read'],
  ['POST', '/projects', 'projects:write'],
  ['PATCH', '/projects/7', 'projects:write'],
  ['GET', '/projects/7/assets', 'assets:read'],
  ['POST', '/projects/7/assets', 'assets:write'],
  ['POST', '/projects/7/assets/from-url', 'assets:write'],
  ['DELETE', '/projects/7/assets', 'assets:write'],
  ['GET', '/masks', 'components:read'],
  ['GET', '/projects/7/components', 'components:read'],
  ['GET', '/projects/7/groups', 'components:read'],
  ['POST', '/projects/7/components', 'components:write'],
  ['POST', '/projects/7/components/batch', 'components:write'],
  ['DELETE', '/projects/7/components', 'components:write'],
  ['DELETE', '/projects/7/components/card-1', 'components:write'],
  ['POST', '/projects/7/groups', 'components:write'],
  ['PATCH', '/projects/7/groups/3', 'components:write'],
  ['DELETE', '/projects/7/groups/3', 'components:write'],
  ['PUT', '/projects/7/groups/3/members', 'components:write'],
  ['GET', '/webhooks', 'webhooks:write'],
  ['POST', '/webhooks', 'webhooks:write'],
  ['DELETE', '/webhooks/5', 'webhooks:write'],
];
const ALL = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'];

const world = new GatewayWorld();
let gateway: string;
let designerId: number;
const tokenWith = new Map<string, string>(); // scope → token holding only that scope
const tokenWithout = new Map<string, string>(); // scope → token holding every other scope
let noScopeToken: string;

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway();
  designerId = await world.designer();
  for (const scope of ALL) {
    tokenWith.set(scope, (await world.token(designerId, [scope])).token);
    tokenWithout.set(
      scope,
      (
        await world.token(
          designerId,
          ALL.filter((other) => other !== scope),
        )
      ).token,
    );
  }
  noScopeToken = (await world.token(designerId, [])).token;
});
afterAll(() => world.stop());

const call = (method: string, path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${gateway}/api/v1${path}`, {
    ...init,
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string> | undefined) },
  });

describe('scope enforcement: every route of docs/rules.md', () => {
  it.each(SPEC_ROUTES)('%s %s passes with %s', async (method, path, scope) => {
    const before = world.service.seen.length;
    const response = await call(method, path, tokenWith.get(scope));
    expect(response.status).toBe(200);
    const seen = world.service.seen[before];
    expect(seen).toMatchObject({ method, url: `/api/v1${path}` });
    expect(seen?.principal).toMatchObject({
      designerId,
      source: 'api:personal',
      scopes: [scope],
      plan: { storageLimitBytes: 1_000_000, unlockedProjectLimit: 2 },
    });
  });

  it.each(SPEC_ROUTES)('%s %s is refused without %s', async (method, path, scope) => {
    const before = world.service.seen.length;
    const response = await call(method, path, tokenWithout.get(scope));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
    expect(await response.json()).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(world.service.seen.length).toBe(before);
  });

  it.each(ALL)('GET /me passes with the single scope %s', async (scope) => {
    expect((await call('GET', '/me', tokenWith.get(scope))).status).toBe(200);
  });

  it('a token with no scopes reaches nothing, not even /me', async () => {
    for (const [method, path] of [['GET', '/me'], ...SPEC_ROUTES]) {
      const response = await call(method ?? 'GET', path ?? '/', noScopeToken);
      expect(response.status).toBe(403);
    }
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['an unknown token', 'bsp_doesnotexist'],
  ])('answers 401 with invalid_token for %s', async (_label, token) => {
    const response = await call('GET', '/projects', token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('accepts the Bearer scheme in any case', async () => {
    const response = await fetch(`${gateway}/api/v1/projects`, { headers: { authorization: `bearer ${tokenWith.get('projects:read') ?? ''}` } });
    expect(response.status).toBe(200);
  });

  it('answers 503 with Retry-After when auth cannot be reached', async () => {
    const cutOff = await world.gateway(undefined, { authUrl: 'http://127.0.0.1:9' });
    const response = await fetch(`${cutOff}/api/v1/projects`, { headers: { authorization: 'Bearer bsp_anything' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ code: 'auth_unavailable' });
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const response = await fetch(`${gateway}/api/v1/projects`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(response.status).toBe(401);
  });

  it('shuts a revoked token out at once, well inside the cache lifetime', async () => {
    const { id, token } = await world.token(designerId, ['projects:read']);
    expect((await call('GET', '/projects', token)).status).toBe(200); // now cached for up to 30 s
    expect((await world.admin('DELETE', `/tokens/${id}`)).status).toBe(200);
    const started = Date.now();
    await eventually(async () => ((await call('GET', '/projects', token)).status === 401 ? true : undefined), 15_000, 'the revoked token to be refused');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('routing', () => {
  it('answers unknown routes with a 404 problem and wrong methods with 405', async () => {
    const unknown = await call('GET', '/nothing-here', tokenWith.get('projects:read'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    const wrongMethod = await call('PUT', '/projects', tokenWith.get('projects:write'));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
  });

  it('does not expose introspection to the outside', async () => {
    const response = await fetch(`${gateway}/oauth/introspect`, {
      method: 'POST',
      body: 'token=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(404);
  });
});

describe('proxying', () => {
  it('streams a large body through and drops what must not pass', async () => {
    const before = world.service.seen.length;
    const body = Buffer.alloc(8 * 1024 * 1024, 7);
    const response = await call('POST', '/projects/7/assets', tokenWith.get('assets:write'), {
      body,
      headers: { 'content-type': 'application/octet-stream', 'x-request-id': 'trace-42', 'x-boardsync-principal': 'forged', 'proxy-authorization': 'x' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    expect(response.headers.get('x-served-by')).toBe('stand-in');
    const seen = world.service.seen[before];
    expect(seen?.bodyBytes).toBe(body.length);
    expect(seen?.headers['x-request-id']).toBe('trace-42');
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['proxy-authorization']).toBeUndefined();
    expect(seen?.principal).not.toBeNull(); // the forged principal header was replaced
  });

  it('answers 504 when the service is too slow and 502 when it is down', async () => {
    const slowGateway = await world.gateway(undefined, { timeoutMs: 300 });
    world.service.delayMs = 1_000;
    try {
      const slow = await fetch(`${slowGateway}/api/v1/projects`, { headers: { authorization: `Bearer ${tokenWith.get('projects:read') ?? ''}` } });
      expect(slow.status).toBe(504);
      expect(await slow.json()).toMatchObject({ code: 'upstream_timeout' });
    } finally {
      world.service.delayMs = 0;
    }
    const downGateway = await world.gateway(undefined, { upstream: 'http://127.0.0.1:9' });
    const down = await fetch(`${downGateway}/api/v1/projects`, { headers: { authorization: `Bearer ${tokenWith.get('projects:read') ?? ''}` } });
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('answers a known token as it answered it when it was introspected, each call counted once', async () => {
    const downGateway = await world.gateway(undefined, { upstream: 'http://127.0.0.1:9' });
    const call = () =>
      fetch(`${downGateway}/api/v1/projects`, {
        headers: { authorization: `Bearer ${tokenWith.get('projects:read') ?? ''}`, 'x-request-id': 'known-token-502' },
      });
    const introspected = await call(); // a fresh gateway asks auth
    const known = await call(); // cached as active
    for (const answer of [introspected, known]) {
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.headers.get('x-request-id')).toBe('known-token-502');
    }
    expect(Number(known.headers.get('ratelimit-remaining'))).toBe(Number(introspected.headers.get('ratelimit-remaining')) - 1);
    expect(await known.json()).toEqual(await introspected.json());
  });

  it('refuses a request with a body (through Koa) in the same bytes as one without (ahead of Koa)', async () => {
    const headers = { authorization: 'Bearer not-a-known-token', 'x-request-id': 'same-refusal' };
    const bodiless = await fetch(`${gateway}/api/v1/projects`, { headers });
    const withBody = await fetch(`${gateway}/api/v1/projects`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    const head = (answer: Response): Record<string, string | null> =>
      Object.fromEntries(['content-type', 'content-length', 'www-authenticate', 'x-request-id'].map((name) => [name, answer.headers.get(name)]));
    expect([bodiless.status, withBody.status]).toEqual([401, 401]);
    expect(head(bodiless)).toEqual(head(withBody));
    expect(await bodiless.text()).toBe(await withBody.text());
  });
});

describe('rate limits', () => {
  it('gives the 301st read in a minute a 429, counting across two gateway instances', async () => {
    const first = await world.gateway({ readsPerMinute: 300, writesPerMinute: 120 });
    const second = await world.gateway({ readsPerMinute: 300, writesPerMinute: 120 });
    const reader = await world.designer();
    const { token } = await world.token(reader, ['projects:read', 'projects:write']);
    const get = (base: string) => fetch(`${base}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } });
    for (let batch = 0; batch < 30; batch++) {
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 === 0 ? first : second)));
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      await Promise.all(responses.map((response) => response.arrayBuffer()));
    }
    const limited = await get(second);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-limit')).toBe('300');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    // Writes have a budget of their own.
    const write = await fetch(`${first}/api/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(200);
    expect(write.headers.get('ratelimit-limit')).toBe('120');
  });

  it('with a local batch, still gives one gateway’s 301st read a 429, RateLimit-Remaining counting down by one', async () => {
    const gateway = await world.gateway({ readsPerMinute: 300, writesPerMinute: 120, localBatch: 8 });
    const reader = await world.designer();
    const { token } = await world.token(reader, ['projects:read']);
    const get = () => fetch(`${gateway}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } });
    const remaining: number[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const responses = await Promise.all(Array.from({ length: 10 }, get));
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      remaining.push(...responses.map((response) => Number(response.headers.get('ratelimit-remaining'))));
      await Promise.all(responses.map((response) => response.arrayBuffer()));
    }
    expect(remaining.toSorted((a, b) => b - a)).toEqual(Array.from({ length: 300 }, (_, i) => 299 - i));
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
  });
});
