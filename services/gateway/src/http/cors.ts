import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { isApiPath } from '@boardsync/kit/core';
import { requestTargetOf } from '../request/canonical-path.ts';

/**
 * Where a browser-based tool may call from another origin: the bearer-token API and the OAuth
 * endpoints a public client's code calls (token, revocation, discovery). Never the sign-in,
 * consent and settings pages: they run on cookies, and no other origin may drive them.
 */
const CROSS_ORIGIN_PATHS = ['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server'];

function crossOriginPath(path: string): boolean {
  return isApiPath(path) || CROSS_ORIGIN_PATHS.includes(path);
}

/**
 * CORS for the origins in `CORS_ALLOWED_ORIGINS` (@koa/cors); none (CORS off) when the list is empty. No
 * credentials mode: the API takes a bearer token, never a cookie, so a page of a listed origin
 * can do nothing its own token could not. Preflights are answered here, before authentication.
 */
export function crossOrigin(allowedOrigins: readonly string[]): Middleware | undefined {
  if (allowedOrigins.length === 0) return undefined;
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (ctx) => (allowed.has(ctx.get('Origin')) && crossOriginPath(requestTargetOf(ctx).path) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
    exposeHeaders: [
      'ETag',
      'Location',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-Request-Id',
      'Idempotent-Replayed',
      'Deprecation',
      'Sunset',
      'Link',
    ],
    maxAge: 600,
    credentials: false,
  });
}
