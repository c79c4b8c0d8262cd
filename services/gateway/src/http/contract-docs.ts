import { readFileSync } from 'node:fs';
import type { Middleware } from 'koa';
import { Problem } from '@boardsync/kit/core';
import { requestTargetOf } from '../request/canonical-path.ts';

/** Written by `npm run contract` (scripts/contract/generate.ts); `npm test` fails when they drift from the code. */
const CONTRACT_DIR = new URL('../../contract/', import.meta.url);
export const DOCUMENT_FILE = new URL('openapi.json', CONTRACT_DIR);
export const VIEWER_FILE = new URL('redoc.standalone.js', CONTRACT_DIR);

/** The origin the committed document names (`npm start`'s); a deployment's PUBLIC_BASE_URL replaces it when served. */
export const DOCUMENTED_ORIGIN = 'http://localhost:8080';

/**
 * The reference page: Redoc from the gateway itself, no CDN, no inline script. The policy lets it
 * load only from here (Redoc's styles are inline, its search worker a blob), so it works offline.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>boardsync API reference</title>
</head>
<body>
<redoc spec-url="/openapi.json" hide-download-button="false" native-scrollbars="true"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface StaticAnswer {
  type: string;
  body: string;
  headers: Record<string, string>;
}

/** The committed document with a deployment's own origin in `servers` and the OAuth URLs. */
export function servedDocument(committed: string, publicBaseUrl: string | undefined): string {
  if (!publicBaseUrl) return committed;
  return committed.replaceAll(JSON.stringify(DOCUMENTED_ORIGIN).slice(0, -1), JSON.stringify(publicBaseUrl.replace(/\/+$/, '')).slice(0, -1));
}

function answers(publicBaseUrl: string | undefined): Record<string, StaticAnswer> {
  const common = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=300' };
  return {
    '/openapi.json': {
      type: 'application/json',
      body: servedDocument(readFileSync(DOCUMENT_FILE, 'utf8'), publicBaseUrl),
      // Public, credential-free and read-only: any page may load it (a browser tool generating its client).
      headers: { ...common, 'Access-Control-Allow-Origin': '*' },
    },
    '/docs': { type: 'text/html; charset=utf-8', body: PAGE, headers: { ...common, 'Content-Security-Policy': PAGE_POLICY, 'Referrer-Policy': 'no-referrer' } },
    '/docs/redoc.standalone.js': { type: 'application/javascript; charset=utf-8', body: readFileSync(VIEWER_FILE, 'utf8'), headers: common },
  };
}

/**
 * `GET /openapi.json` (the OpenAPI 3.1 contract) and `GET /docs` (its reference, rendered by the
 * bundled Redoc): public like the stored files, no token, nothing counted. Read once at start.
 */
export function contractDocs(publicBaseUrl: string | undefined): Middleware {
  const served = answers(publicBaseUrl);
  return async (ctx, next) => {
    const { path } = requestTargetOf(ctx);
    const answer = Object.hasOwn(served, path) ? served[path] : undefined;
    if (!answer) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new Problem({ status: 405, code: 'method_not_allowed', detail: `${ctx.method} is not allowed here.`, headers: { Allow: 'GET, HEAD' } });
    }
    ctx.set(answer.headers);
    ctx.type = answer.type;
    ctx.body = answer.body;
  };
}
