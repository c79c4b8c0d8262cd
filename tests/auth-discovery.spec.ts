import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oidc from 'openid-client';
import { SCOPE_NAMES } from '@boardsync/kit';
import { OAuthFlow } from './support/oauth-flow.ts';

// A tool that knows only the issuer: RFC 8414 discovery, then code + PKCE, then refresh, as openid-client does it.
const flow = new OAuthFlow();
beforeAll(() => flow.begin());
afterAll(() => flow.end());

describe('/.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('names the issuer, every public endpoint, every scope and S256 only; never introspection', async () => {
    const response = await fetch(`${flow.gateway}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: flow.gateway,
      authorization_endpoint: `${flow.gateway}/oauth/authorize`,
      token_endpoint: `${flow.gateway}/oauth/token`,
      revocation_endpoint: `${flow.gateway}/oauth/revoke`,
      scopes_supported: [...SCOPE_NAMES],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata).not.toHaveProperty('introspection_endpoint');
  });

  it('is enough for openid-client: discovery, authorization code with PKCE, then a refresh', async () => {
    const owner = await flow.person();
    for (const isPublic of [true, false]) {
      const app = await flow.registerApp(owner, { public: isPublic });
      const config = await oidc.discovery(
        new URL(flow.gateway),
        app.client_id,
        app.client_secret ?? undefined,
        app.client_secret ? oidc.ClientSecretBasic(app.client_secret) : oidc.None(),
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback test servers speak plain http
        { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] },
      );
      expect(config.serverMetadata().supportsPKCE()).toBe(true);
      const started = await flow.start(app, 'projects:read components:write', {}, config);
      const tokens = await flow.exchange(started, await flow.consent(started, owner));
      expect((await flow.me(tokens.access_token)).status).toBe(200);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      expect(refreshed.scope).toBe('projects:read components:write');
      expect((await flow.me(refreshed.access_token)).status).toBe(200);
    }
  });
});
