import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { uniqueName } from '@boardsync/kit/testing';
import { TOKEN_BUDGETS } from '../src/throttles/throttles.ts';
import { AuthAlone, addressSequence, type AuthReplica } from './support/auth-alone.ts';

// POST /oauth/token on auth alone: throttling per client and per address, and what a failure says.
const world = new AuthAlone();
let auth: AuthReplica;

beforeAll(async () => {
  await world.start();
  auth = await world.replica(world.redis);
});

afterAll(() => world.stop());

/** A client address of its own for each browser or request. */
const freshAddress = addressSequence('203.0');

interface App {
  client_id: string;
  client_secret: string;
}

async function confidentialApp(): Promise<App> {
  const owner = await world.designer(auth);
  const response = await world.admin(auth, 'POST', '/apps', { designer_id: owner.id, name: 'Card Forge', redirect_uris: ['https://forge.example/cb'] });
  expect(response.status).toBe(201);
  return (await response.json()) as App;
}

function tokenRequest(address: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${auth.public.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams(fields).toString(),
  });
}

const codeExchange = (app: { client_id: string; client_secret?: string }) => ({
  grant_type: 'authorization_code',
  code: `bsc_${uniqueName('never-issued')}`,
  redirect_uri: 'https://forge.example/cb',
  client_id: app.client_id,
  ...(app.client_secret === undefined ? {} : { client_secret: app.client_secret }),
});

/** Client credentials travel in the form here, so even invalid_client is 400 (401 is for HTTP Basic, RFC 6749 §5.2). */
async function expectError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error });
}

async function expectThrottled(response: Response, windowSeconds: number): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('Retry-After') as unknown });
}

const CLIENT = TOKEN_BUDGETS.client;
const ADDRESS = TOKEN_BUDGETS.ip;

describe('/oauth/token throttling', () => {
  it(`refuses a client that proved its secret after ${String(CLIENT.failures)} failed grants from any mix of addresses`, async () => {
    const app = await confidentialApp();
    // Spread over addresses, each well under its own budget: only the client's count can run out.
    const addresses = Array.from({ length: 4 }, () => freshAddress());
    for (let attempt = 0; attempt < CLIENT.failures; attempt += 1) {
      await expectError(await tokenRequest(addresses[attempt % addresses.length] ?? '', codeExchange(app)), 400, 'invalid_grant');
    }
    const elsewhere = freshAddress();
    await expectThrottled(await tokenRequest(elsewhere, codeExchange(app)), CLIENT.windowSeconds);
    // Another client from that same address is unaffected.
    await expectError(await tokenRequest(elsewhere, codeExchange(await confidentialApp())), 400, 'invalid_grant');
  });

  it('never lets others lock an app out: wrong secrets are counted against their addresses only', async () => {
    const app = await confidentialApp();
    const wrongSecret = { client_id: app.client_id, client_secret: 'bss_wrong' };
    const addresses = Array.from({ length: 4 }, () => freshAddress());
    for (let attempt = 0; attempt < CLIENT.failures + 20; attempt += 1) {
      await expectError(await tokenRequest(addresses[attempt % addresses.length] ?? '', codeExchange(wrongSecret)), 400, 'invalid_client');
    }
    // The app itself, from its own address, is still answered (a made-up code: invalid_grant, not 429).
    await expectError(await tokenRequest(freshAddress(), codeExchange(app)), 400, 'invalid_grant');
  });

  it(`refuses an address after ${String(ADDRESS.failures)} failures, whatever the client; other addresses go on`, async () => {
    const address = freshAddress();
    const app = await confidentialApp();
    for (let attempt = 0; attempt < ADDRESS.failures; attempt += 1) {
      // Alternating unknown clients (invalid_client) and a known one with a made-up code (invalid_grant): both count.
      const client = attempt % 2 === 0 ? { client_id: uniqueName('unknown') } : app;
      await expectError(await tokenRequest(address, codeExchange(client)), 400, attempt % 2 === 0 ? 'invalid_client' : 'invalid_grant');
    }
    await expectThrottled(await tokenRequest(address, codeExchange(await confidentialApp())), ADDRESS.windowSeconds);
    await expectError(await tokenRequest(freshAddress(), codeExchange(app)), 400, 'invalid_grant');
  });

  it('counts neither malformed requests nor unsupported grants', async () => {
    const address = freshAddress();
    const app = await confidentialApp();
    for (let attempt = 0; attempt <= ADDRESS.failures; attempt += 1) {
      await expectError(await tokenRequest(address, { ...codeExchange(app), grant_type: 'urn:example:nothing' }), 400, 'unsupported_grant_type');
    }
    await expectError(await tokenRequest(address, codeExchange(app)), 400, 'invalid_grant');
  });

  it('answers invalid_request, never a blank 200, to a request that is no form at all', async () => {
    const bare = await fetch(`${auth.public.url}/oauth/token`, { method: 'POST', headers: { authorization: 'Bearer bsp_not-a-client' } });
    await expectError(bare, 400, 'invalid_request');
    const json = await fetch(`${auth.public.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":"refresh_token"}',
    });
    await expectError(json, 400, 'invalid_request');
  });
});

describe('/oauth/token HTTP Basic client authentication', () => {
  const basic = (address: string, userPass: string, fields: Record<string, string>) =>
    fetch(`${auth.public.url}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(userPass).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('takes form-urlencoded parts (RFC 6749 §2.3.1) and answers 401 with the scheme to undecodable or wrong ones', async () => {
    const app = await confidentialApp();
    const encoded = `${encodeURIComponent(app.client_id)}:${app.client_secret.replace(/_/g, '%5F')}`;
    const grant = { grant_type: 'authorization_code', code: `bsc_${uniqueName('never-issued')}`, redirect_uri: 'https://forge.example/cb' };
    await expectError(await basic(freshAddress(), encoded, grant), 400, 'invalid_grant');
    for (const userPass of ['a%zz:b%', `${app.client_id}:bss_wrong`]) {
      const refused = await basic(freshAddress(), userPass, grant);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
      await expectError(refused, 401, 'invalid_client');
    }
  });
});

describe('/oauth/token server errors', () => {
  it('answer a generic server_error and log the real failure', async () => {
    const app = await confidentialApp();
    // A real database failure: the refresh-token lookup finds its table gone.
    await world.sql('alter table oauth_token rename to oauth_token_away');
    try {
      const response = await tokenRequest(freshAddress(), {
        grant_type: 'refresh_token',
        refresh_token: 'bsr_anything',
        client_id: app.client_id,
        client_secret: app.client_secret,
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'server_error', error_description: expect.any(String) as unknown });
      expect(text).not.toMatch(/oauth_token|select|relation|127\.0\.0\.1|at /i);
    } finally {
      await world.sql('alter table oauth_token_away rename to oauth_token');
    }
    const logged = world.logger.lines().find((line) => line.msg === 'token endpoint failed');
    expect(JSON.stringify(logged?.err)).toContain('oauth_token');
  });
});
