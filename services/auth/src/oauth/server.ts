import OAuth2Server from '@node-oauth/oauth2-server';
import type { Database, Logger } from '@boardsync/kit';
import { AuthorizationCodeGrant } from './authorization-code-grant.ts';
import { oauthModel } from './model.ts';

/** Spec §5.7 and §8. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/**
 * The token endpoint's engine: grants, client authentication, PKCE verification and RFC 6749
 * answers come from oauth2-server. Client authentication is enforced per app by the model
 * (a confidential app must send its secret; a public one relies on PKCE).
 */
export function createOAuthServer(orm: Database, logger: Logger): OAuth2Server {
  return new OAuth2Server({
    model: oauthModel(orm, logger),
    accessTokenLifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
    refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_SECONDS,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
    extendedGrantTypes: { authorization_code: AuthorizationCodeGrant },
  });
}
