import { createRequire } from 'node:module';
import OAuth2Server from '@node-oauth/oauth2-server';

/** The library's concrete grant (its `handle` implemented). */
type GrantClass = new (options: OAuth2Server.TokenOptions) => OAuth2Server.AbstractGrantType & {
  handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token | false | null | undefined>;
};

// The library's own grant class is not exported from its index; it is the one behind `authorization_code`.
const LibraryAuthorizationCodeGrant = createRequire(import.meta.url)(
  '@node-oauth/oauth2-server/lib/grant-types/authorization-code-grant-type.js',
) as GrantClass;

interface CodeRequest {
  body: Record<string, unknown>;
}

/**
 * oauth2-server's authorization_code grant, except for one answer: a `redirect_uri` that differs
 * from the one the code was issued for is `invalid_grant` (RFC 6749 §5.2: "does not match the
 * redirection URI used in the authorization request"), where the library says `invalid_request`.
 * A missing one stays `invalid_request` (a required parameter is absent). The code has already been
 * spent when this runs, as after a wrong PKCE verifier.
 */
export class AuthorizationCodeGrant extends LibraryAuthorizationCodeGrant {
  validateRedirectUri(request: CodeRequest, code: OAuth2Server.AuthorizationCode): void {
    if (!code.redirectUri) return;
    const sent = request.body.redirect_uri;
    if (typeof sent !== 'string' || sent === '') throw new OAuth2Server.InvalidRequestError('Missing parameter: `redirect_uri`');
    if (sent !== code.redirectUri) throw new OAuth2Server.InvalidGrantError('Invalid grant: `redirect_uri` differs from the one authorized');
  }
}
