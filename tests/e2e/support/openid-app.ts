import * as oidc from 'openid-client';
import { FormClient, authorizeAsPerson } from '../../support/form-client.ts';
import { authorizationRequest } from '../../support/openid-steps.ts';
import type { RunningSystem } from '../../support/running-system.ts';

const REDIRECT = 'http://127.0.0.1:53682/callback';

/**
 * A confidential app as a server-side tool signs in with openid-client: the gateway's RFC 8414
 * metadata discovered, the designer's consent through the real pages, the code exchanged with PKCE.
 */
export async function openIdApp(
  system: Pick<RunningSystem, 'gateway' | 'admin'>,
  designer: { id: number; email: string; password: string },
  scope: string,
): Promise<{ config: oidc.Configuration; tokens: oidc.TokenEndpointResponse; clientId: string }> {
  const registered = (await system.admin('POST', '/apps', { designer_id: designer.id, name: 'Print Shop Sync', redirect_uris: [REDIRECT], public: false })) as {
    client_id: string;
    client_secret: string;
  };
  const config = await oidc.discovery(
    new URL(system.gateway),
    registered.client_id,
    registered.client_secret,
    oidc.ClientSecretPost(registered.client_secret),
    {
      algorithm: 'oauth2',
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the system under test listens on plain http on loopback
      execute: [oidc.allowInsecureRequests],
    },
  );
  const { verifier, state, url } = await authorizationRequest(config, { redirectUri: REDIRECT, scope });
  const { location } = await authorizeAsPerson(new FormClient(system.gateway), url.href, { email: designer.email, password: designer.password });
  const tokens = await oidc.authorizationCodeGrant(config, new URL(location), { pkceCodeVerifier: verifier, expectedState: state });
  return { config, tokens, clientId: registered.client_id };
}
