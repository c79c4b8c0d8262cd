import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import type { Exchange } from './exchange.ts';
import { HOP_BY_HOP } from './forwarded-headers.ts';

/** Answers that carry no body, whatever the upstream sent (Koa's `statuses.empty`). */
const EMPTY_STATUSES = new Set([204, 205, 304]);

/**
 * Writes the upstream's answer to the client, the one way both ways in answer (the fast path and
 * Koa): its status and end-to-end headers, then its body streamed by the exchange. A HEAD or an
 * empty status gets no body (the upstream's is drained); an empty status no `Content-Type` either,
 * as Koa answers them. Returns the status.
 */
export function writeUpstreamAnswer(method: string, res: ServerResponse, exchange: Exchange, upstream: Dispatcher.ResponseData): number {
  const status = upstream.statusCode;
  res.statusCode = status;
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    res.setHeader(name, value);
  }
  const length = upstream.headers['content-length'];
  if (method === 'HEAD' || EMPTY_STATUSES.has(status)) {
    upstream.body.dump().catch(() => undefined);
    if (EMPTY_STATUSES.has(status)) {
      res.removeHeader('Content-Type');
      res.removeHeader('Transfer-Encoding');
    } else if (typeof length === 'string') res.setHeader('Content-Length', length);
    res.end();
    return status;
  }
  if (typeof length === 'string') res.setHeader('Content-Length', length);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/octet-stream');
  exchange.sendResponseBody(upstream.body);
  return status;
}
