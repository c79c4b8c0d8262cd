import OAuth2Server from '@node-oauth/oauth2-server';
import type { AuthorizationCodeModel, RefreshTokenModel } from '@node-oauth/oauth2-server';
import { ACCESS_TOKEN_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from '../domain/lifetimes.ts';
import { AuthorizationCodeGrant } from './authorization-code-grant.ts';

/**
 * The token endpoint's engine: grants, client authentication, PKCE verification and RFC 6749
 * answers come from oauth2-server; storage from the model (`oauthModel`, over the use cases).
 * Client authentication is enforced per app by the model (a confidential app must send its
 * secret; a public one relies on PKCE).
 */
export function createOAuthServer(model: AuthorizationCodeModel & RefreshTokenModel): OAuth2Server {
  return new OAuth2Server({
    model,
    accessTokenLifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
    refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_SECONDS,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
    extendedGrantTypes: { authorization_code: AuthorizationCodeGrant },
  });
}
