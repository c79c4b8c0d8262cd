import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GatewayWorld } from './support/world.ts';

const world = new GatewayWorld();
const TOOL = 'https://cards.tool.example';
let open: string;
let closed: string;
let token: string;

beforeAll(async () => {
  await world.start();
  open = await world.gateway(undefined, { corsAllowedOrigins: [TOOL, 'http://localhost:5173'] });
  closed = await world.gateway();
  token = (await world.token(await world.designer(), ['projects:read', 'projects:write'])).token;
});
afterAll(() => world.stop());

const preflight = (base: string, path: string, origin = TOOL) =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS_ALLOWED_ORIGINS', () => {
  it('answers a listed origin’s preflight for the API at the gateway, without credentials mode', async () => {
    const answer = await preflight(open, '/api/v1/projects');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(TOOL);
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/);
    expect(world.service.seen.some((seen) => seen.method === 'OPTIONS')).toBe(false);
  });

  it('lets the listed origin read answers, errors included, and the rate-limit and ETag headers', async () => {
    const read = await fetch(`${open}/api/v1/projects`, { headers: { origin: TOOL, authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(TOOL);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    // A tool in a browser hears of deprecations too.
    expect(read.headers.get('access-control-expose-headers')).toMatch(/Deprecation,Sunset,Link/);
    const refused = await fetch(`${open}/api/v1/projects`, { headers: { origin: TOOL, authorization: 'Bearer bsp_unknown' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(TOOL);
  });

  it.each([
    ['an origin not listed', 'open', '/api/v1/projects', 'https://evil.example'],
    ['a listed origin on the sign-in page', 'open', '/login', TOOL],
    ['a listed origin on the consent page', 'open', '/oauth/authorize', TOOL],
    ['a listed origin on the settings page', 'open', '/settings', TOOL],
    ['any origin when the list is empty', 'closed', '/api/v1/projects', TOOL],
  ])('gives %s no CORS headers', async (_label, gateway, path, origin) => {
    const base = gateway === 'open' ? open : closed;
    const answer = await preflight(base, path, origin);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${base}${path}`, { headers: { origin, authorization: `Bearer ${token}` }, redirect: 'manual' });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a public client’s page use the token and discovery endpoints', async () => {
    for (const path of ['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server']) {
      expect((await preflight(open, path)).headers.get('access-control-allow-origin')).toBe(TOOL);
    }
  });
});
