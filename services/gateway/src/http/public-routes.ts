import compose from 'koa-compose';
import type { Middleware } from 'koa';
import { isApiPath } from '@boardsync/kit/core';
import { requestTargetOf } from '../request/canonical-path.ts';
import { clientOrigin } from '../request/client-origin.ts';

export interface PublicRoutes {
  /** `TRUSTED_PROXIES`, for the client's address and scheme (request/client-origin.ts). */
  trustedProxies: readonly string[] | undefined;
  /** CORS (cors.ts), when any origin is allowed: ahead of the API and of auth's OAuth endpoints. */
  crossOrigin: Middleware | undefined;
  /** `/api/v1/*` (api.ts). */
  api: Middleware;
  /** Everything else, each passing on what is not its own: stored files, the contract's documents, auth's pages. */
  pages: Middleware[];
}

/**
 * The public listener's requests by their checked path (request/canonical-path.ts): the API goes
 * straight to its admission, never past the pages' handlers, and anything else tries the pages in
 * turn. Chosen once by prefix here so a request's way through the gateway is a few files long.
 */
export function publicRoutes({ trustedProxies, crossOrigin, api, pages }: PublicRoutes): Middleware {
  const recordClientOrigin = clientOrigin(trustedProxies);
  const toApi = compose([...(crossOrigin ? [crossOrigin] : []), api]);
  const toPages = compose([...(crossOrigin ? [crossOrigin] : []), ...pages]);
  return (ctx, next) => {
    recordClientOrigin(ctx);
    return isApiPath(requestTargetOf(ctx).path) ? toApi(ctx, next) : toPages(ctx, next);
  };
}
