import Router from '@koa/router';
import { SCOPE_NAMES } from '@boardsync/kit';
import type { ServerMetadataBody } from './oauth-schemas.ts';

/**
 * RFC 8414 authorization-server metadata at `/.well-known/oauth-authorization-server`, so a tool's
 * OAuth library finds every endpoint from the issuer alone. The issuer is the gateway's public
 * origin (PUBLIC_BASE_URL), never the request's Host. Introspection is not listed: only the gateway
 * may call it, on auth's internal listener.
 */
export function serverMetadataRouter(publicBaseUrl: string): Router {
  const issuer = publicBaseUrl.replace(/\/+$/, '');
  const clientAuthentication: ServerMetadataBody['token_endpoint_auth_methods_supported'] = ['client_secret_basic', 'client_secret_post', 'none'];
  const metadata: ServerMetadataBody = {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [...SCOPE_NAMES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: clientAuthentication,
    revocation_endpoint_auth_methods_supported: clientAuthentication,
  };
  const router = new Router();
  router.get('/.well-known/oauth-authorization-server', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = metadata;
  });
  return router;
}
