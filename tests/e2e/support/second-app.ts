import { beginAuthorization, completeAuthorization, createBoardsyncClient, oauthSession, type BoardsyncClient } from '@boardsync/client';
import { FormClient, authorizeAsPerson } from '../../support/form-client.ts';
import type { RunningSystem } from '../../support/running-system.ts';

const REDIRECT = 'http://127.0.0.1:53682/callback';

/** Another tool the same designer uses: an OAuth app of theirs, signed in through the consent page with PKCE. */
export async function signedInApp(
  system: Pick<RunningSystem, 'gateway' | 'admin'>,
  designer: { id: number; email: string; password: string },
  scopes: string[],
): Promise<{ client: BoardsyncClient; clientId: string }> {
  const registered = (await system.admin('POST', '/apps', { designer_id: designer.id, name: 'Deck Builder', redirect_uris: [REDIRECT], public: true })) as {
    client_id: string;
  };
  const app = { baseUrl: system.gateway, clientId: registered.client_id, redirectUri: REDIRECT };
  const pending = await beginAuthorization(app, scopes);
  const { location } = await authorizeAsPerson(new FormClient(system.gateway), pending.url, { email: designer.email, password: designer.password });
  const tokens = await completeAuthorization(app, pending, location);
  return { client: createBoardsyncClient({ baseUrl: system.gateway, auth: oauthSession({ app, tokens }) }), clientId: registered.client_id };
}
