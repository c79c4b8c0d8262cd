import { expect } from '@jest/globals';
import * as oidc from 'openid-client';
import { eventually, uniqueName } from '@boardsync/kit/testing';
import { GatewayWorld } from '../../services/gateway/test/support/world.ts';
import { FormClient, authorizeAsPerson, type ConsentChoice } from './form-client.ts';
import { authorizationRequest } from './openid-steps.ts';

export { oauthError } from './openid-steps.ts';

export const REDIRECT = 'http://127.0.0.1:53682/callback';
export const PASSWORD = 'correct horse battery';

export interface Person {
  id: number;
  email: string;
}

export interface App {
  client_id: string;
  client_secret: string | null;
}

export interface Started {
  config: oidc.Configuration;
  verifier: string;
  state: string;
  url: URL;
}

/**
 * OAuth 2.0 authorization code + PKCE as a real client (openid-client) meets it through the gateway:
 * real auth behind a gateway listening on the origin auth names as its issuer.
 */
export class OAuthFlow {
  readonly world = new GatewayWorld();
  gateway = '';

  async begin(): Promise<void> {
    await this.world.start();
    this.gateway = await this.world.gateway(undefined, { realAuth: true, onPublicPort: true });
  }

  end(): Promise<void> {
    return this.world.stop();
  }

  async person(): Promise<Person> {
    const email = `${uniqueName('p')}@example.com`;
    const response = await this.world.admin('POST', '/designers', { name: 'Ada Designer', email, password: PASSWORD });
    return { id: ((await response.json()) as { id: number }).id, email };
  }

  async registerApp(owner: Person, options: { public?: boolean; reviewed?: boolean; redirectUris?: string[] } = {}): Promise<App> {
    const response = await this.world.admin('POST', '/apps', {
      designer_id: owner.id,
      name: 'Card Forge',
      redirect_uris: options.redirectUris ?? [REDIRECT],
      public: options.public ?? false,
      reviewed: options.reviewed ?? false,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as App;
  }

  clientConfig(app: App): oidc.Configuration {
    const config = new oidc.Configuration(
      {
        issuer: this.gateway,
        authorization_endpoint: `${this.gateway}/oauth/authorize`,
        token_endpoint: `${this.gateway}/oauth/token`,
        revocation_endpoint: `${this.gateway}/oauth/revoke`,
      },
      app.client_id,
      app.client_secret ?? undefined,
      app.client_secret ? oidc.ClientSecretPost(app.client_secret) : oidc.None(),
    );
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback test servers speak plain http
    oidc.allowInsecureRequests(config);
    return config;
  }

  async start(app: App, scope: string, extra: Record<string, string> = {}, config = this.clientConfig(app)): Promise<Started> {
    return { config, ...(await authorizationRequest(config, { redirectUri: REDIRECT, scope, extra })) };
  }

  async consent(started: Started, who: Person, choice: Partial<ConsentChoice> = {}): Promise<URL> {
    const { location } = await authorizeAsPerson(new FormClient(this.gateway), started.url.href, { email: who.email, password: PASSWORD, ...choice });
    return new URL(location);
  }

  exchange(started: Started, callback: URL, verifier = started.verifier) {
    return oidc.authorizationCodeGrant(started.config, callback, { pkceCodeVerifier: verifier, expectedState: started.state });
  }

  me(token: string): Promise<Response> {
    return fetch(`${this.gateway}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  }

  /** Revocation reaches the gateways by event; the token must be refused within the test's patience. */
  async refusedSoon(token: string): Promise<void> {
    await eventually(async () => ((await this.me(token)).status === 401 ? true : undefined), 10_000, 'the token to be refused');
  }
}
