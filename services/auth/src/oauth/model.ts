import OAuth2Server from '@node-oauth/oauth2-server';
import type { AuthorizationCodeModel, Client, RefreshToken, RefreshTokenModel, Token, User } from '@node-oauth/oauth2-server';
import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest, type Database, type Logger } from '@boardsync/kit';
import { newToken } from '../domain/secrets.ts';
import { authenticateClient } from '../store/apps.ts';
import { consumeAuthorizationCode } from '../store/authorization-codes.ts';
import { AuthorizationCode } from '../store/entities/authorization-code.ts';
import { OAuthApp } from '../store/entities/oauth-app.ts';
import { OAuthGrant } from '../store/entities/oauth-grant.ts';
import { OAuthToken, type OAuthTokenKind } from '../store/entities/oauth-token.ts';
import { revokeGrants } from '../store/grants.ts';

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

/**
 * oauth2-server's storage model over our tables. Tokens are stored as digests. Codes and refresh
 * tokens are consumed with a conditional update, so of two racing exchanges exactly one wins; a
 * code or refresh token presented again is treated as theft and revokes the grant (RFC 9700 §4.14).
 */
export function oauthModel(orm: Database, logger: Logger): AuthorizationCodeModel & RefreshTokenModel {
  const fork = (): EntityManager => orm.em.fork();

  async function revokeOnReuse(grantId: number | null, what: string): Promise<void> {
    if (grantId === null) return;
    const revoked = await revokeGrants(fork(), [grantId]);
    if (revoked > 0) logger.warn({ grantId }, `${what} presented twice: grant revoked`);
  }

  return {
    async getClient(clientId, clientSecret) {
      const app = await authenticateClient(fork(), clientId, clientSecret);
      return app ? asClient(app) : null;
    },

    generateAccessToken: () => Promise.resolve(newToken('access')),
    generateRefreshToken: () => Promise.resolve(newToken('refresh')),

    async getAuthorizationCode(code) {
      const em = fork();
      const row = await em.findOne(AuthorizationCode, { codeDigest: tokenDigest(code) });
      if (!row) return null;
      if (row.usedAt) {
        await revokeOnReuse(row.grantId ?? null, 'authorization code');
        return null;
      }
      const app = await em.findOne(OAuthApp, { id: row.appId });
      if (!app) return null;
      const holder: Holder = { id: row.designerId, codeId: row.id };
      return {
        authorizationCode: code,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: asClient(app),
        user: holder,
        ...(row.codeChallenge ? { codeChallenge: row.codeChallenge, codeChallengeMethod: row.codeChallengeMethod ?? 'S256' } : {}),
      };
    },

    // Codes are issued by the consent page (http/authorize.ts), not by oauth2-server's authorize().
    saveAuthorizationCode: () => Promise.reject(new Error('authorization codes are issued by the consent page')),

    async revokeAuthorizationCode(code) {
      const { codeId } = holderOf(code.user);
      return codeId !== undefined && consumeAuthorizationCode(fork(), codeId);
    },

    async saveToken(token, client, user): Promise<Token> {
      const holder = holderOf(user);
      const scopes = token.scope ?? [];
      const saved = await fork().transactional(async (tx) => {
        let grantId = holder.grantId;
        if (holder.codeId !== undefined) {
          const grant = tx.create(OAuthGrant, { appId: appIdOf(client), designerId: holder.id, scopes, revokedAt: null });
          await tx.flush();
          grantId = grant.id;
          await tx.nativeUpdate(AuthorizationCode, { id: holder.codeId }, { grantId });
        } else if (grantId === undefined || !(await tx.findOne(OAuthGrant, { id: grantId, revokedAt: null }))) {
          return null;
        }
        const rows: { kind: OAuthTokenKind; value: string; expiresAt: Date | undefined }[] = [
          { kind: 'access', value: token.accessToken, expiresAt: token.accessTokenExpiresAt },
        ];
        if (token.refreshToken) rows.push({ kind: 'refresh', value: token.refreshToken, expiresAt: token.refreshTokenExpiresAt });
        for (const row of rows) {
          if (!row.expiresAt) throw new OAuth2Server.ServerError('token without an expiry');
          tx.create(OAuthToken, {
            grantId,
            kind: row.kind,
            tokenDigest: tokenDigest(row.value),
            scopes,
            expiresAt: row.expiresAt,
            rotatedAt: null,
            revokedAt: null,
          });
        }
        return grantId;
      });
      if (saved === null) throw new OAuth2Server.InvalidGrantError('Invalid grant: the grant has been revoked');
      return { ...token, client, user: { id: holder.id, grantId: saved } };
    },

    async getRefreshToken(refreshToken): Promise<RefreshToken | null> {
      const em = fork();
      const row = await em.findOne(OAuthToken, { tokenDigest: tokenDigest(refreshToken), kind: 'refresh' });
      if (!row || row.revokedAt) return null;
      if (row.rotatedAt) {
        await revokeOnReuse(row.grantId, 'refresh token');
        return null;
      }
      const grant = await em.findOne(OAuthGrant, { id: row.grantId, revokedAt: null });
      const app = grant ? await em.findOne(OAuthApp, { id: grant.appId }) : null;
      if (!grant || !app) return null;
      const holder: Holder = { id: grant.designerId, grantId: grant.id };
      return { refreshToken, refreshTokenExpiresAt: row.expiresAt, scope: row.scopes, client: asClient(app), user: holder, rowId: row.id };
    },

    /** Rotation: the presented refresh token is spent. Losing the race to a twin request is reuse too. */
    async revokeToken(token) {
      const rowId: unknown = token.rowId;
      if (typeof rowId !== 'number') return false;
      const em = fork();
      const spent = await em.nativeUpdate(OAuthToken, { id: rowId, rotatedAt: null, revokedAt: null }, { rotatedAt: new Date() });
      if (spent === 1) return true;
      await revokeOnReuse(holderOf(token.user).grantId ?? null, 'refresh token');
      return false;
    },

    async getAccessToken(accessToken) {
      const em = fork();
      const row = await em.findOne(OAuthToken, { tokenDigest: tokenDigest(accessToken), kind: 'access', revokedAt: null });
      const grant = row ? await em.findOne(OAuthGrant, { id: row.grantId, revokedAt: null }) : null;
      const app = grant ? await em.findOne(OAuthApp, { id: grant.appId }) : null;
      if (!row || !grant || !app) return null;
      return { accessToken, accessTokenExpiresAt: row.expiresAt, scope: row.scopes, client: asClient(app), user: { id: grant.designerId, grantId: grant.id } };
    },

    /** Scopes were settled at consent; a refresh may narrow them (checked by the library), never widen. */
    validateScope: (_user, _client, scope) => Promise.resolve(scope ?? []),
  };
}
