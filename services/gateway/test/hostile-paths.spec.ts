import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, GatewayWorld } from './support/world.ts';
import { rawRequest, type RawAnswer } from './support/raw-http.ts';

// Every spelling here must be refused before routing: 400, never forwarded anywhere.
const world = new GatewayWorld();
let gateway: string; // every route and the auth pages go to the stand-in, which records what reaches it
let realAuthGateway: string; // the auth pages go to real auth
let everyScope: string;
let componentsWriteOnly: string;

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway(undefined, { pagesUrl: world.service.url });
  realAuthGateway = await world.gateway(undefined, { realAuth: true });
  const designerId = await world.designer();
  everyScope = (
    await world.token(designerId, ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'])
  ).token;
  componentsWriteOnly = (await world.token(designerId, ['components:write'])).token;
});
afterAll(() => world.stop());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** One request per route family, with a body where the route takes one. */
const FAMILIES: [family: string, method: string, path: string][] = [
  ['projects', 'PATCH', '/api/v1/projects/1'],
  ['projects', 'GET', '/api/v1/projects'],
  ['components', 'DELETE', '/api/v1/projects/1/components/card-1'],
  ['components', 'POST', '/api/v1/projects/1/components/batch'],
  ['groups', 'PATCH', '/api/v1/projects/1/groups/3'],
  ['groups', 'PUT', '/api/v1/projects/1/groups/3/members'],
  ['masks', 'GET', '/api/v1/masks'],
  ['me', 'GET', '/api/v1/me'],
  ['assets', 'POST', '/api/v1/projects/1/assets/from-url'],
  ['webhooks', 'DELETE', '/api/v1/webhooks/5'],
  ['auth pages', 'GET', '/login'],
  ['auth pages', 'POST', '/oauth/token'],
  ['auth pages', 'POST', '/settings/tokens/1/revoke'],
  ['internal', 'POST', '/oauth/introspect'],
  ['admin', 'GET', '/admin/designers/1'],
];

// In place of a segment, or added after the last one.
const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '%2e%2E',
  '%2E%2e',
  '.%2e',
  '%2e.',
  '.%2E',
  '%2e',
  '%2E',
  '%252e%252e',
  '%25%32%65%25%32%65',
  '..;',
  '..;x',
  '.;',
  '%2e%2e;',
  '..\\',
  '\\..',
  '%5c..',
  '..%5c',
  '%5C',
  '..%2f',
  '%2f..',
  '%2F',
  '%252f',
  'a%2fb',
  '%00',
  '..%00',
  '%0a',
  '%0d%0aX-Evil:%201',
  '%7f',
  '%1b',
  '%c0%ae%c0%ae',
  '%e0%80%ae',
  '%',
  '%2',
];
// Glued to the end of the path.
const HOSTILE_SUFFIXES = ['/', '//', '/./', '/../', '\\', '%5c', '%2f', '%2F..%2F', '%00', '?q=%00', '?next=%0d%0aSet-Cookie:x=1', '#x', '/%2e%2e/'];

function spellings(path: string): string[] {
  const parent = path.slice(0, path.lastIndexOf('/'));
  const last = path.slice(path.lastIndexOf('/') + 1);
  const segmentForms = HOSTILE_SEGMENTS.flatMap((segment) => [
    `${parent}/${segment}`,
    `${path}/${segment}`,
    `${parent}/${segment}/${last}`,
    `${parent}/x/${segment}/${last}`,
  ]);
  const suffixForms = HOSTILE_SUFFIXES.filter((suffix) => suffix !== '/').map((suffix) => `${path}${suffix}`);
  return [...segmentForms, ...suffixForms, `http://127.0.0.1${path}`, `//127.0.0.1${path}`, path.replace(/^\//, '')];
}

function expectRefused(answer: RawAnswer, target: string): void {
  // 400 from the gateway (problem+json, invalid_path) or from Node's own parser (bare 400).
  expect({ target, status: answer.status }).toEqual({ target, status: 400 });
  if (answer.headers['content-type']?.startsWith('application/problem+json')) {
    expect({ target, body: JSON.parse(answer.body) as unknown }).toMatchObject({ target, body: { status: 400, code: 'invalid_path' } });
  }
}

describe('the path-confusion repros', () => {
  it('a components:write token cannot rename a project through groups/..', async () => {
    const before = world.service.seen.length;
    const answer = await rawRequest(gateway, 'PATCH', '/api/v1/projects/1/groups/..', bearer(componentsWriteOnly), '{"name":"pwned"}');
    expectRefused(answer, 'groups/..');
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'https://boardsync.dev/problems/invalid_path', code: 'invalid_path' });
    expect(world.service.seen.length).toBe(before);
  });

  it.each(['\\', '%2e%2e', '%2E%2E', '.%2e', '%5c', '..%2f'])('nor through groups/%s', async (spelling) => {
    const before = world.service.seen.length;
    expectRefused(await rawRequest(gateway, 'PATCH', `/api/v1/projects/1/groups/${spelling}`, bearer(componentsWriteOnly), '{}'), spelling);
    expect(world.service.seen.length).toBe(before);
  });

  it('DELETE components/. does not become the bulk delete', async () => {
    const before = world.service.seen.length;
    expectRefused(await rawRequest(gateway, 'DELETE', '/api/v1/projects/1/components/.', bearer(componentsWriteOnly)), 'components/.');
    expect(world.service.seen.length).toBe(before);
  });

  it('auth admin API and introspection are not reachable through the public listener', async () => {
    const adminTraversal = await rawRequest(realAuthGateway, 'GET', '/oauth/../admin/designers/1', bearer(ADMIN_TOKEN));
    expectRefused(adminTraversal, '/oauth/../admin');
    for (const [method, target] of [
      ['POST', '/oauth/introspect/'],
      ['POST', '/oauth/introspect'],
      ['GET', '/admin/designers/1'],
      ['GET', '/internal/anything'],
      ['GET', '/metrics'],
      ['GET', '/oauth/'],
      ['GET', '/oauth/authorize/'],
      ['GET', '/settings/'],
    ] as const) {
      const answer = await rawRequest(
        realAuthGateway,
        method,
        target,
        { ...bearer(ADMIN_TOKEN), 'Content-Type': 'application/x-www-form-urlencoded' },
        'token=x',
      );
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
    }
  });
});

describe('the auth-page allow-list', () => {
  it.each([
    ['GET', '/login?next=%2Fsettings'],
    ['POST', '/login'],
    ['POST', '/logout'],
    ['GET', '/oauth/authorize?client_id=a&state={x}'],
    ['POST', '/oauth/token'],
    ['POST', '/oauth/revoke'],
    ['GET', '/settings'],
    ['POST', '/settings/tokens'],
    ['POST', '/settings/tokens/12/revoke'],
    ['POST', '/settings/apps'],
    ['POST', '/settings/connected/app-1/revoke'],
    ['POST', '/settings/webhooks/7/delete'],
  ])('forwards %s %s exactly as received', async (method, target) => {
    const before = world.service.seen.length;
    const answer = await rawRequest(gateway, method, target, { Cookie: 'session=s' }, method === 'POST' ? 'a=1' : '');
    expect(answer.status).toBe(200);
    expect(world.service.seen.slice(before)).toEqual([expect.objectContaining({ method, url: target })]);
    expect(world.service.seen[before]?.headers.cookie).toBe('session=s');
  });

  it.each([
    '/oauth/introspect',
    '/oauth/introspect/',
    '/oauth/Introspect',
    '/oauth',
    '/oauth/',
    '/oauth/token/',
    '/oauth/tokens',
    '/login/',
    '/login/x',
    '/logout/x',
    '/settings/',
    '/settings/tokens/1',
    '/settings/tokens/1/revoke/x',
    '/settings/other',
    '/admin',
    '/admin/designers',
    '/internal',
    '/internal/x',
    '/metrics',
    '/healthz/x',
  ])('answers 404 for %s and forwards nothing', async (target) => {
    const before = world.service.seen.length;
    for (const method of ['GET', 'POST']) {
      const answer = await rawRequest(gateway, method, target, {}, method === 'POST' ? 'token=x' : '');
      expect({ method, target, status: answer.status }).toEqual({ method, target, status: 404 });
    }
    expect(world.service.seen.length).toBe(before);
  });
});

describe.each(FAMILIES)('%s: %s %s', (_family, method, path) => {
  it('is reachable as spelled canonically (the control)', async () => {
    const before = world.service.seen.length;
    const answer = await rawRequest(gateway, method, path, bearer(everyScope), method === 'GET' || method === 'DELETE' ? '' : '{}');
    if (_family === 'internal' || _family === 'admin') {
      expect(answer.status).toBe(404);
      expect(world.service.seen.length).toBe(before);
    } else {
      expect(answer.status).toBe(200);
      expect(world.service.seen[before]).toMatchObject({ method, url: path });
    }
  });

  it('refuses every hostile spelling, with or without a token, and forwards none', async () => {
    const before = world.service.seen.length;
    const targets = spellings(path);
    expect(targets.length).toBeGreaterThan(100);
    for (const headers of [bearer(everyScope), {}]) {
      const answers = await Promise.all(
        targets.map(
          async (target) => [target, await rawRequest(gateway, method, target, headers, method === 'GET' || method === 'DELETE' ? '' : '{}')] as const,
        ),
      );
      for (const [target, answer] of answers) expectRefused(answer, target);
    }
    expect(world.service.seen.slice(before)).toEqual([]);
  });
});

describe('probes', () => {
  it.each(['http://127.0.0.1/healthz', 'http://127.0.0.1/readyz', '//127.0.0.1/healthz', '/healthz/../healthz', '/%2e/readyz'])(
    '%s is refused like any other target',
    async (target) => {
      const answer = await rawRequest(gateway, 'GET', target, {}, '');
      expect(answer.status).toBe(400);
    },
  );

  it('answers the canonical probe paths', async () => {
    expect((await rawRequest(gateway, 'GET', '/healthz', {}, '')).status).toBe(200);
  });
});

describe('raw bytes Node itself refuses', () => {
  it.each(['/api/v1/projects/1\u0000', '/api/v1/projects/1\u007f', '/api/v1/projects\u00e9', '/login\u0001'])(
    '%j is refused and forwards nothing',
    async (target) => {
      const before = world.service.seen.length;
      expectRefused(await rawRequest(gateway, 'GET', target, bearer(everyScope)), JSON.stringify(target));
      expect(world.service.seen.length).toBe(before);
    },
  );
});

describe('legitimate encodings pass through unchanged', () => {
  it('forwards a percent-encoded id and the raw query byte for byte', async () => {
    const before = world.service.seen.length;
    const target = '/api/v1/projects/7/components/card%20one%25?x=%2e%2e&y=a%2Fb';
    expect((await rawRequest(gateway, 'DELETE', target, bearer(everyScope))).status).toBe(200);
    expect(world.service.seen[before]?.url).toBe(target);
  });
});

describe('X-Forwarded-* and TRUSTED_PROXIES', () => {
  const forged = { 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example', Forwarded: 'for=1.2.3.4' };

  it('replaces what the caller sent when no proxy is trusted (the default)', async () => {
    const before = world.service.seen.length;
    await rawRequest(gateway, 'GET', '/api/v1/projects', { ...bearer(everyScope), ...forged });
    const headers = world.service.seen[before]?.headers;
    expect(headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers?.['x-forwarded-proto']).toBe('http');
    expect(headers?.['x-forwarded-host']).toBe(new URL(gateway).host);
    expect(headers?.forwarded).toBeUndefined();
  });

  it('believes a trusted hop, walking from the right', async () => {
    const behindProxy = await world.gateway(undefined, { trustedProxies: ['127.0.0.0/8', '10.0.0.0/8'], pagesUrl: world.service.url });
    const before = world.service.seen.length;
    await rawRequest(behindProxy, 'GET', '/login', { ...forged, 'X-Forwarded-For': '6.6.6.6, 198.51.100.7, 10.1.1.1' });
    const headers = world.service.seen[before]?.headers;
    expect(headers?.['x-forwarded-for']).toBe('198.51.100.7');
    expect(headers?.['x-forwarded-proto']).toBe('https');
  });
});
