import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { chromium, type Browser } from 'playwright-core';
import { uniqueName } from '@boardsync/kit/testing';
import { GatewayWorld } from '../services/gateway/test/support/world.ts';

// The consent flow in a real browser: Debian's Chromium, installed by scripts/infra.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const world = new GatewayWorld();
let gateway: string;
let browser: Browser;
let callback: { server: Server; url: string; next: () => Promise<URL> };

beforeAll(async () => {
  await world.start();
  gateway = await world.gateway(undefined, { realAuth: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  callback = await callbackServer();
});

afterAll(async () => {
  await browser.close();
  callback.server.closeAllConnections();
  await new Promise((resolve) => callback.server.close(resolve));
  await world.stop();
});

/** The tool's redirect target: answers a small page and hands the test the URL it was called with. */
async function callbackServer(): Promise<typeof callback> {
  const waiting: ((url: URL) => void)[] = [];
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
    waiting.shift()?.(new URL(request.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/callback`;
  return { server, url, next: () => new Promise<URL>((resolve) => waiting.push(resolve)) };
}

it('a designer signs in, unticks one scope, and the tool receives a token with exactly the ticked scopes', async () => {
  const email = `${uniqueName('b')}@example.com`;
  const designer = (await (await world.admin('POST', '/designers', { name: 'Browser Designer', email, password: 'pass-phrase-1' })).json()) as { id: number };
  const app = (await (
    await world.admin('POST', '/apps', { designer_id: designer.id, name: 'Deck Printer', redirect_uris: [callback.url], public: true })
  ).json()) as { client_id: string };

  const config = new oidc.Configuration(
    { issuer: gateway, authorization_endpoint: `${gateway}/oauth/authorize`, token_endpoint: `${gateway}/oauth/token` },
    app.client_id,
    undefined,
    oidc.None(),
  );
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback test servers speak plain http
  oidc.allowInsecureRequests(config);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorizeUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callback.url,
    scope: 'projects:read components:read components:write',
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });

  const page = await browser.newPage();
  try {
    await page.goto(authorizeUrl.href);
    await page.fill('#email', email);
    await page.fill('#password', 'pass-phrase-1');
    await page.click('button:has-text("Sign in")');

    await page.waitForSelector('text=Deck Printer wants to use your boardsync account');
    const offered = await Promise.all((await page.locator('input[name="grant"]').all()).map((box) => box.getAttribute('value')));
    expect(offered).toEqual(['projects:read', 'components:read', 'components:write']);
    await page.uncheck('input[name="grant"][value="components:write"]');
    const arrived = callback.next();
    await page.click('button:has-text("Allow")');
    const redirected = await arrived;

    expect(redirected.searchParams.get('state')).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${callback.url}${redirected.search}`), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.scope).toBe('projects:read components:read');

    const me = await fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ user: { id: designer.id }, token: { scopes: ['projects:read', 'components:read'], app: `api:${app.client_id}` } });
  } finally {
    await page.close();
  }
});
