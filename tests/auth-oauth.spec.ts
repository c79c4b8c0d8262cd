import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oidc from 'openid-client';
import { FormClient, authorizeAsPerson } from './support/form-client.ts';
import { OAuthFlow, PASSWORD, REDIRECT, oauthError } from './support/oauth-flow.ts';

// OAuth 2.0 authorization code + PKCE, as a real client (openid-client) sees it through the gateway.
const flow = new OAuthFlow();
beforeAll(() => flow.begin());
afterAll(() => flow.end());

describe('authorization code + PKCE with openid-client', () => {
  it('a public app gets exactly the ticked scopes, and the token works at /me with the app as source', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read components:read components:write');
    const callback = await flow.consent(started, owner, { grant: ['projects:read', 'components:write'] });
    expect(callback.searchParams.get('state')).toBe(started.state);

    const tokens = await flow.exchange(started, callback);
    expect(tokens).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i) as unknown, expires_in: 3600, scope: 'projects:read components:write' });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const response = await flow.me(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { id: owner.id, name: 'Ada Designer', email: owner.email },
      token: { scopes: ['projects:read', 'components:write'], app: `api:${app.client_id}` },
    });
  });

  it('a confidential app must present its secret at the token endpoint', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner);
    const started = await flow.start(app, 'projects:read');
    const callback = await flow.consent(started, owner);
    const withoutSecret = { ...started, config: flow.clientConfig({ client_id: app.client_id, client_secret: null }) };
    expect(await oauthError(flow.exchange(withoutSecret, callback))).toBe('invalid_client');
    // The failed attempt never reached the code, so the right client can still use it.
    expect((await flow.exchange(started, callback)).scope).toBe('projects:read');
  });

  it('refuses a wrong PKCE verifier, and the code is spent by the attempt', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read');
    const callback = await flow.consent(started, owner);
    expect(await oauthError(flow.exchange(started, callback, oidc.randomPKCECodeVerifier()))).toBe('invalid_grant');
    expect(await oauthError(flow.exchange(started, callback))).toBe('invalid_grant');
  });

  it('refuses a code used twice and revokes what the first use bought', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read');
    const callback = await flow.consent(started, owner);
    const first = await flow.exchange(started, callback);
    expect((await flow.me(first.access_token)).status).toBe(200);
    expect(await oauthError(flow.exchange(started, callback))).toBe('invalid_grant');
    await flow.refusedSoon(first.access_token);
  });

  it('two exchanges of one code at once: one is refused, and whatever the other bought is revoked', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    for (let round = 0; round < 4; round++) {
      const started = await flow.start(app, 'projects:read');
      const callback = await flow.consent(started, owner);
      const answers = await Promise.allSettled([flow.exchange(started, callback), flow.exchange(started, callback)]);
      const granted = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      expect(granted.length).toBeLessThanOrEqual(1);
      for (const answer of answers) {
        if (answer.status === 'rejected') expect(answer.reason instanceof oidc.ResponseBodyError ? answer.reason.error : answer.reason).toBe('invalid_grant');
      }
      for (const tokens of granted) {
        await flow.refusedSoon(tokens.access_token);
        expect(await oauthError(oidc.refreshTokenGrant(started.config, tokens.refresh_token ?? ''))).toBe('invalid_grant');
      }
    }
  });

  it('refuses a redirect_uri at the token endpoint that differs from the one authorized with invalid_grant (RFC 6749 §5.2)', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true, redirectUris: [REDIRECT, 'http://127.0.0.1:53682/other'] });
    const started = await flow.start(app, 'projects:read');
    const callback = await flow.consent(started, owner);
    const elsewhere = new URL(callback.href.replace('/callback', '/other'));
    expect(await oauthError(flow.exchange(started, elsewhere))).toBe('invalid_grant');
    // The attempt spent the code, as a wrong PKCE verifier does.
    expect(await oauthError(flow.exchange(started, callback))).toBe('invalid_grant');
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole grant', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner);
    const started = await flow.start(app, 'projects:read assets:read');
    const first = await flow.exchange(started, await flow.consent(started, owner));
    const second = await oidc.refreshTokenGrant(started.config, first.refresh_token ?? '');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe('projects:read assets:read');
    expect((await flow.me(second.access_token)).status).toBe(200);

    expect(await oauthError(oidc.refreshTokenGrant(started.config, first.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await oauthError(oidc.refreshTokenGrant(started.config, second.refresh_token ?? ''))).toBe('invalid_grant');
    await flow.refusedSoon(second.access_token);
  });

  it('POST /oauth/revoke of a refresh token ends the grant (RFC 7009), and unknown tokens get 200 too', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'webhooks:write');
    const tokens = await flow.exchange(started, await flow.consent(started, owner));
    expect((await flow.me(tokens.access_token)).status).toBe(200);
    await oidc.tokenRevocation(started.config, tokens.refresh_token ?? '');
    await flow.refusedSoon(tokens.access_token);
    await oidc.tokenRevocation(started.config, 'bsr_never-issued');
  });
});

describe('the authorization request', () => {
  it('an unregistered redirect_uri is shown to the person, never redirected to', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read', { redirect_uri: 'https://evil.example/callback' });
    const response = await new FormClient(flow.gateway).get(started.url.href);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri mismatch');
  });

  it.each([
    ['a public app', true],
    ['a confidential app (OAuth 2.1)', false],
  ])('%s without PKCE is sent back with invalid_request and its state', async (_label, isPublic) => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: isPublic });
    const url = new URL(`${flow.gateway}/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'projects:read',
      state: 'xyz',
    }).toString();
    const response = await new FormClient(flow.gateway).get(url.href);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'invalid_request', state: 'xyz' });
  });

  it('denying consent returns access_denied with the state', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read');
    const callback = await flow.consent(started, owner, { decision: 'deny' });
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ error: 'access_denied', state: started.state });
  });

  it('an unreviewed app may authorize only its own developer; once reviewed, anyone', async () => {
    const owner = await flow.person();
    const stranger = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const before = await flow.start(app, 'projects:read');
    expect((await flow.consent(before, stranger)).searchParams.get('error')).toBe('access_denied');

    expect((await flow.world.admin('PATCH', `/apps/${app.client_id}`, { reviewed: true })).status).toBe(200);
    const after = await flow.start(app, 'projects:read');
    const tokens = await flow.exchange(after, await flow.consent(after, stranger));
    expect(await (await flow.me(tokens.access_token)).json()).toMatchObject({ user: { id: stranger.id } });
  });

  it('the consent form is refused without its CSRF token', async () => {
    const owner = await flow.person();
    const app = await flow.registerApp(owner, { public: true });
    const started = await flow.start(app, 'projects:read');
    const browser = new FormClient(flow.gateway);
    await authorizeAsPerson(browser, started.url.href, { email: owner.email, password: PASSWORD, decision: 'deny' });
    const forged = await browser.post('/oauth/authorize', [...started.url.searchParams.entries(), ['grant', 'projects:read'], ['decision', 'approve']]);
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
  });
});
