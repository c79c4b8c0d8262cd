import { describe, expect, it } from '@jest/globals';
import {
  beginAuthorization,
  completeAuthorization,
  createBoardsyncClient,
  oauthSession,
  refreshTokens,
  unwrap,
  type OAuthApp,
  type OAuthTokens,
} from '@boardsync/client';
import { FormClient, authorizeAsPerson } from '../../../../tests/support/form-client.ts';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';

const REDIRECT = 'http://127.0.0.1:53682/callback';

/** A designer, an app of theirs, and the tokens the designer granted it through the consent page. */
async function signedIn(system: RunningSystem, isPublic: boolean): Promise<{ app: OAuthApp; tokens: OAuthTokens }> {
  const person = await system.designer();
  const registered = (await system.admin('POST', '/apps', { designer_id: person.id, name: 'Card Forge', redirect_uris: [REDIRECT], public: isPublic })) as {
    client_id: string;
    client_secret: string | null;
  };
  const app: OAuthApp = {
    baseUrl: system.gateway,
    clientId: registered.client_id,
    redirectUri: REDIRECT,
    ...(registered.client_secret ? { clientSecret: registered.client_secret } : {}),
  };
  const pending = await beginAuthorization(app, ['projects:read', 'components:read']);
  const { location } = await authorizeAsPerson(new FormClient(system.gateway), pending.url, { email: person.email, password: person.password });
  return { app, tokens: await completeAuthorization(app, pending, location) };
}

export function describeAuth(system: RunningSystem): void {
  describe('OAuth with PKCE, and refresh', () => {
    it.each([
      ['a public app', true],
      ['a confidential app', false],
    ])('signs in %s with PKCE and calls the API with what was granted', async (_, isPublic) => {
      const { app, tokens } = await signedIn(system, isPublic);
      expect(tokens.scopes.sort()).toEqual(['components:read', 'projects:read']);
      const client = createBoardsyncClient({ baseUrl: system.gateway, auth: oauthSession({ app, tokens }) });
      const me = unwrap(await client.api.GET('/api/v1/me'));
      expect(me.token.app).toBe(`api:${app.clientId}`);
    });

    it('refreshes once for concurrent requests refused with 401, replays them, and hands over the new pair', async () => {
      const { app, tokens } = await signedIn(system, false);
      const handedOver: OAuthTokens[] = [];
      const session = oauthSession({ app, tokens: { ...tokens, accessToken: 'bsa_revoked-or-expired' }, onTokens: (fresh) => void handedOver.push(fresh) });
      const sent: string[] = [];
      const client = createBoardsyncClient({
        baseUrl: system.gateway,
        auth: session,
        fetch: (request) => (sent.push(request.headers.get('authorization') ?? ''), fetch(request)),
      });
      const answers = await Promise.all([1, 2, 3].map(() => client.api.GET('/api/v1/projects')));
      expect(answers.map(({ response }) => response.status)).toEqual([200, 200, 200]);
      expect(handedOver).toHaveLength(1);
      expect(session.tokens()).toEqual(handedOver[0]);
      expect(sent.filter((header) => header === `Bearer ${handedOver[0]?.accessToken ?? ''}`)).toHaveLength(3);
      // The refresh token it replaced is spent.
      await expect(refreshTokens(app, tokens.refreshToken)).rejects.toMatchObject({ name: 'OAuthError', code: 'invalid_grant' });
    });

    it('refreshes before sending when the access token is about to expire', async () => {
      const { app, tokens } = await signedIn(system, true);
      const handedOver: OAuthTokens[] = [];
      const session = oauthSession({ app, tokens: { ...tokens, expiresAt: Date.now() + 5_000 }, onTokens: (fresh) => void handedOver.push(fresh) });
      let sent = 0;
      const client = createBoardsyncClient({ baseUrl: system.gateway, auth: session, fetch: (request) => ((sent += 1), fetch(request)) });
      expect((await client.api.GET('/api/v1/projects')).response.status).toBe(200);
      expect(handedOver).toHaveLength(1);
      expect(sent).toBe(1);
    });

    it('refuses a callback whose state is not the one it sent', async () => {
      const { app } = await signedIn(system, true);
      const pending = await beginAuthorization(app, ['projects:read']);
      await expect(completeAuthorization(app, pending, `${REDIRECT}?code=stolen&state=forged`)).rejects.toMatchObject({ code: 'invalid_state' });
      await expect(completeAuthorization(app, pending, `${REDIRECT}?error=access_denied&state=${pending.state}`)).rejects.toMatchObject({
        code: 'access_denied',
      });
    });
  });
}
