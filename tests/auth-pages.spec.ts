import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { eventually, uniqueName } from '@boardsync/kit/testing';
import { FormClient, authorizeAsPerson, hiddenFields } from './support/form-client.ts';
import { GatewayWorld } from '../services/gateway/test/support/world.ts';

// The sign-in and developer-settings pages, through the gateway, as a browser without JavaScript uses them.
const world = new GatewayWorld();
let gateway: string;
const PASSWORD = 'a long pass phrase';

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway(undefined, { realAuth: true });
});
afterAll(() => world.stop());

async function signedIn(): Promise<{ browser: FormClient; email: string; csrf: string }> {
  const email = `${uniqueName('s')}@example.com`;
  await world.admin('POST', '/designers', { name: 'Settings Person', email, password: PASSWORD });
  const browser = new FormClient(gateway);
  const login = hiddenFields(await (await browser.get('/login')).text());
  const answer = await browser.post('/login', [...Object.entries(login), ['email', email], ['password', PASSWORD]]);
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe('/settings');
  const settings = await browser.get('/settings');
  expect(settings.status).toBe(200);
  return { browser, email, csrf: hiddenFields(await settings.text()).csrf ?? '' };
}

const me = (token: string) => fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

describe('sign-in', () => {
  it('sends a visitor without a session to sign in, then back', async () => {
    const response = await new FormClient(gateway).get('/settings');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?next=%2Fsettings');
  });

  it('refuses a wrong password with the form again, and a form without its CSRF token', async () => {
    const browser = new FormClient(gateway);
    const login = hiddenFields(await (await browser.get('/login?next=/settings')).text());
    const wrong = await browser.post('/login', [...Object.entries(login), ['email', 'nobody@example.com'], ['password', 'nope-nope']]);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('do not match an account');
    const forged = await new FormClient(gateway).post('/login', [
      ['email', 'nobody@example.com'],
      ['password', 'nope-nope'],
      ['next', '/settings'],
    ]);
    expect(forged.status).toBe(403);
  });

  it('never sends the browser to another site after signing in', async () => {
    const browser = new FormClient(gateway);
    const login = hiddenFields(await (await browser.get('/login?next=//evil.example/x')).text());
    expect(login.next).toBe('/settings');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const email = `${uniqueName('c')}@example.com`;
    await world.admin('POST', '/designers', { name: 'Cookie', email, password: PASSWORD });
    const browser = new FormClient(gateway);
    const login = hiddenFields(await (await browser.get('/login')).text());
    const answer = await browser.post('/login', [...Object.entries(login), ['email', email], ['password', PASSWORD]]);
    const session = answer.headers.getSetCookie().find((line) => line.startsWith('bs_session='));
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
  });

  it('refuses a CSRF cookie and token taken from another session, even when both are planted in this browser', async () => {
    const attacker = await signedIn();
    const victim = await signedIn();
    expect(attacker.browser.cookie('bs_csrf')).toEqual(expect.any(String));
    victim.browser.plant('bs_csrf', attacker.browser.cookie('bs_csrf') ?? '');
    const forged = await victim.browser.post('/settings/tokens', [
      ['csrf', attacker.csrf],
      ['name', 'Planted'],
      ['scopes', 'projects:read'],
    ]);
    expect(forged.status).toBe(403);
    // The victim's own page, with the planted cookie, works again once it is reloaded.
    const settings = hiddenFields(await (await victim.browser.get('/settings')).text());
    expect(
      (
        await victim.browser.post('/settings/tokens', [
          ['csrf', settings.csrf ?? ''],
          ['name', 'Mine'],
          ['scopes', 'projects:read'],
        ])
      ).status,
    ).toBe(201);
  });

  it('signing out ends the session', async () => {
    const { browser, csrf } = await signedIn();
    expect((await browser.post('/logout', [['csrf', csrf]])).status).toBe(303);
    expect((await browser.get('/settings')).status).toBe(302);
  });
});

describe('developer settings', () => {
  it('creates a personal token shown once with the chosen scopes, and revokes it', async () => {
    const { browser, csrf } = await signedIn();
    const created = await browser.post('/settings/tokens', [
      ['csrf', csrf],
      ['name', 'Sheet plug-in'],
      ['scopes', 'projects:read'],
      ['scopes', 'assets:read'],
    ]);
    expect(created.status).toBe(201);
    const page = await created.text();
    const token = /id="new-token">([^<]+)</.exec(page)?.[1] ?? '';
    expect(await (await me(token)).json()).toMatchObject({ token: { scopes: ['projects:read', 'assets:read'], app: 'api:personal' } });
    expect(await (await browser.get('/settings')).text()).not.toContain(token);

    const revokePath = /action="(\/settings\/tokens\/\d+\/revoke)"/.exec(page)?.[1] ?? '';
    expect((await browser.post(revokePath, [['csrf', csrf]])).status).toBe(303);
    await eventually(async () => ((await me(token)).status === 401 ? true : undefined), 10_000, 'the revoked token to be refused');
  });

  it('registers an app and refuses a redirect URI that is not https or loopback', async () => {
    const { browser, csrf } = await signedIn();
    const refused = await browser.post('/settings/apps', [
      ['csrf', csrf],
      ['name', 'Sim'],
      ['redirect_uris', 'http://tool.example/cb'],
      ['type', 'public'],
    ]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('must use https');
    const created = await browser.post('/settings/apps', [
      ['csrf', csrf],
      ['name', 'Sim'],
      ['redirect_uris', 'https://tool.example/cb\nhttp://127.0.0.1:9/cb'],
      ['type', 'confidential'],
    ]);
    expect(created.status).toBe(201);
    const page = await created.text();
    expect(page).toMatch(/id="new-client-id">[\w-]+</);
    expect(page).toMatch(/id="new-client-secret">bss_[\w-]+</);
  });

  it('lists a connected app and disconnecting it revokes its tokens', async () => {
    const { browser, email, csrf } = await signedIn();
    const created = await (
      await browser.post('/settings/apps', [
        ['csrf', csrf],
        ['name', 'Printer'],
        ['redirect_uris', 'http://127.0.0.1:9/cb'],
        ['type', 'public'],
      ])
    ).text();
    const clientId = /id="new-client-id">([\w-]+)</.exec(created)?.[1] ?? '';
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(`${gateway}/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      scope: 'components:read',
      state: 'st',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const { location } = await authorizeAsPerson(browser, url.href, { email, password: PASSWORD });
    const code = new URL(location).searchParams.get('code') ?? '';
    const tokenResponse = await fetch(`${gateway}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: 'http://127.0.0.1:9/cb',
        code_verifier: verifier,
      }).toString(),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    expect((await me(accessToken)).status).toBe(200);

    const settings = await (await browser.get('/settings')).text();
    expect(settings).toContain('Printer');
    const disconnect = /action="(\/settings\/connected\/\d+\/revoke)"/.exec(settings)?.[1] ?? '';
    expect((await browser.post(disconnect, [['csrf', csrf]])).status).toBe(303);
    await eventually(async () => ((await me(accessToken)).status === 401 ? true : undefined), 10_000, 'the disconnected app to be refused');
    expect(await (await browser.get('/settings')).text()).toContain('No app has access to your account.');
  });
});
