import OAuth2Server from '@node-oauth/oauth2-server';
import type { AuthorizationCodeModel, Client, RefreshToken, RefreshTokenModel, Token, User } from '@node-oauth/oauth2-server';
import type { EntityManager } from '@mikro-orm/core';
import type { Database, Logger } from '@boardsync/kit';
import { newToken } from '../domain/secrets.ts';
import type { OAuthApp } from '../store/entities/oauth-app.ts';
import { findAccessToken, type NewOAuthToken } from '../store/oauth-tokens.ts';
import { authenticateClient } from '../use-cases/authenticate-client.ts';
import { findCodeToExchange, grantFromCode, spendCode } from '../use-cases/exchange-authorization-code.ts';
import { continueGrant, findRefreshTokenToRotate, spendRefreshToken } from '../use-cases/rotate-refresh-token.ts';

/** What travels between the model's calls as oauth2-server's opaque "user". */
interface Holder extends User {
  id: number;
  /** Set when the tokens come from a code: the code row to link the new grant to. */
  codeId?: number;
  /** Set when the tokens come from a refresh token: the grant they continue. */
  grantId?: number;
}

const GRANTS = ['authorization_code', 'refresh_token'];

function asClient(app: OAuthApp): Client {
  return { id: app.clientId, grants: GRANTS, redirectUris: app.redirectUris, appId: app.id };
}

function holderOf(user: User): Holder {
  const { id, codeId, grantId } = user as Partial<Holder>;
  if (typeof id !== 'number') throw new OAuth2Server.ServerError('token holder without a designer');
  return { id, ...(typeof codeId === 'number' ? { codeId } : {}), ...(typeof grantId === 'number' ? { grantId } : {}) };
}

function appIdOf(client: Client): number {
  const appId: unknown = client.appId;
  if (typeof appId !== 'number') throw new OAuth2Server.ServerError('client without an app id');
  return appId;
}

/** The tokens oauth2-server generated, as rows to store. */
function newTokens(token: Token): NewOAuthToken[] {
  const rows: { kind: NewOAuthToken['kind']; value: string; expiresAt: Date | undefined }[] = [
    { kind: 'access', value: token.accessToken, expiresAt: token.accessTokenExpiresAt },
  ];
  if (token.refreshToken) rows.push({ kind: 'refresh', value: token.refreshToken, expiresAt: token.refreshTokenExpiresAt });
  return rows.map(({ kind, value, expiresAt }) => {
    if (!expiresAt) throw new OAuth2Server.ServerError('token without an expiry');
    return { kind, value, expiresAt };
  });
}

/**
 * oauth2-server's storage model: each call is a step of a use case (exchange-authorization-code,
 * rotate-refresh-token) or a repository query. Tokens are stored as digests. Codes and refresh
 * tokens are consumed with a conditional update, so of two racing exchanges exactly one wins; a
 * code or refresh token presented again is treated as theft and revokes the grant (RFC 9700 §4.14).
 */
export function oauthModel(orm: Database, logger: Logger): AuthorizationCodeModel & RefreshTokenModel {
  const fork = (): EntityManager => orm.em.fork();

  return {
    async getClient(clientId, clientSecret) {
      const app = await authenticateClient(fork(), clientId, clientSecret);
      return app ? asClient(app) : null;
    },

    generateAccessToken: () => Promise.resolve(newToken('access')),
    generateRefreshToken: () => Promise.resolve(newToken('refresh')),

    async getAuthorizationCode(code) {
      const found = await findCodeToExchange(fork(), logger, code);
      if (!found) return null;
      const { code: row, app } = found;
      // Codes are issued with a PKCE challenge only; one without (issued before PKCE was required of every app) is never exchanged.
      if (!row.codeChallenge) return null;
      const holder: Holder = { id: row.designerId, codeId: row.id };
      return {
        authorizationCode: code,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: asClient(app),
        user: holder,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod ?? 'S256',
      };
    },

    // Codes are issued by the consent page (use-cases/grant-consent.ts), not by oauth2-server's authorize().
    saveAuthorizationCode: () => Promise.reject(new Error('authorization codes are issued by the consent page')),

    async revokeAuthorizationCode(code) {
      const { codeId } = holderOf(code.user);
      return codeId !== undefined && spendCode(fork(), logger, codeId);
    },

    async saveToken(token, client, user): Promise<Token> {
      const holder = holderOf(user);
      const scopes = token.scope ?? [];
      let grantId: number | null = null;
      if (holder.codeId !== undefined) {
        const input = { codeId: holder.codeId, appId: appIdOf(client), designerId: holder.id, scopes };
        grantId = await grantFromCode(fork(), input, newTokens(token));
      } else if (holder.grantId !== undefined) {
        grantId = await continueGrant(fork(), holder.grantId, scopes, newTokens(token));
      }
      if (grantId === null) throw new OAuth2Server.InvalidGrantError('Invalid grant: the grant has been revoked');
      return { ...token, client, user: { id: holder.id, grantId } };
    },

    async getRefreshToken(refreshToken): Promise<RefreshToken | null> {
      const found = await findRefreshTokenToRotate(fork(), logger, refreshToken);
      if (!found) return null;
      const { token, grant, app } = found;
      const holder: Holder = { id: grant.designerId, grantId: grant.id };
      return { refreshToken, refreshTokenExpiresAt: token.expiresAt, scope: token.scopes, client: asClient(app), user: holder, rowId: token.id };
    },

    async revokeToken(token) {
      const rowId: unknown = token.rowId;
      if (typeof rowId !== 'number') return false;
      return spendRefreshToken(fork(), logger, rowId, holderOf(token.user).grantId ?? null);
    },

    async getAccessToken(accessToken) {
      const found = await findAccessToken(fork(), accessToken);
      if (!found) return null;
      const { token, grant, app } = found;
      return {
        accessToken,
        accessTokenExpiresAt: token.expiresAt,
        scope: token.scopes,
        client: asClient(app),
        user: { id: grant.designerId, grantId: grant.id },
      };
    },

    /** Scopes were settled at consent; a refresh may narrow them (checked by the library), never widen. */
    validateScope: (_user, _client, scope) => Promise.resolve(scope ?? []),
  };
}
