import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../logger.ts';
import { Problem } from '../problem.ts';

const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The one place an error becomes an HTTP answer. Problems render as they are; errors raised by
 * Koa's own layers (body parsing, ctx.throw) keep their status; anything else is logged in full
 * and answered as a bare 500 with no detail. A client that went away while its body was being read
 * is no server error: it is logged as such (info) and "answered" 499, which nobody receives.
 */
export function problemResponder(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A handler that answered on the raw response (`ctx.respond = false`: the gateway's proxy) answered its own 404.
      if (ctx.status === 404 && ctx.body == null && ctx.respond !== false) {
        throw new Problem({ status: 404, code: 'not_found', detail: `No route for ${ctx.method} ${ctx.path}.` });
      }
    } catch (error) {
      if (clientWentAway(error, ctx.req)) {
        logger.info({ reason: reasonOf(error) }, 'client closed the request');
        respond(ctx, new Problem({ status: 499, code: 'client_closed_request', detail: 'The client closed the request before it was answered.' }));
        return;
      }
      respond(ctx, toProblem(error, logger));
    }
  };
}

export function respond(ctx: Context, problem: Problem): void {
  ctx.status = problem.status;
  for (const [name, value] of Object.entries(problem.headers)) ctx.set(name, value);
  ctx.body = problem.toBody();
  ctx.type = PROBLEM_CONTENT_TYPE;
}

/**
 * `respond` for a handler that answers without Koa (the gateway's bodiless API requests): the same
 * status, headers and bytes Koa writes for a Problem body (its JSON, the bare media type, its
 * length; no body to a HEAD).
 */
export function writeProblem(res: ServerResponse, problem: Problem, method: string): void {
  const body = JSON.stringify(problem.toBody());
  res.statusCode = problem.status;
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(method === 'HEAD' ? undefined : body);
}

interface HttpLikeError extends Error {
  status: number;
  expose?: boolean;
  message: string;
  type?: string;
}

// raw-body's errors (through co-body, koa-body) for a request whose client hung up during the read, or before it began.
const BODY_READ_ABORTS = new Set(['request.aborted', 'stream.not.readable']);
// What a request stream emits itself when its connection drops under a reader.
const CONNECTION_DROPS = new Set(['ECONNRESET', 'ECONNABORTED']);

/**
 * True for a failure to read the body of a request whose client is gone. The error alone is not
 * enough for 'stream is not readable' (a body read twice says that too): the request itself must
 * have been torn down, which is what the server does when the client's connection closes.
 */
export function clientWentAway(error: unknown, req: IncomingMessage): boolean {
  if (!(error instanceof Error)) return false;
  const { type, code } = error as Error & { type?: unknown; code?: unknown };
  if (type === 'request.aborted') return true;
  const readFailed = (typeof type === 'string' && BODY_READ_ABORTS.has(type)) || (typeof code === 'string' && CONNECTION_DROPS.has(code));
  return readFailed && (req.destroyed || req.socket.destroyed);
}

function reasonOf(error: unknown): string {
  const { type, code } = error as { type?: unknown; code?: unknown };
  return typeof type === 'string' ? type : typeof code === 'string' ? code : 'aborted';
}

function isHttpLikeError(error: unknown): error is HttpLikeError {
  if (!(error instanceof Error)) return false;
  const status = (error as Error & { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 600;
}

export function toProblem(error: unknown, logger: Logger): Problem {
  if (error instanceof Problem) {
    if (error.status >= 500) logger.error({ err: error }, 'request failed');
    return error;
  }
  if (isHttpLikeError(error) && error.status < 500) {
    return fromClientError(error);
  }
  logger.error({ err: error }, 'unhandled error');
  return Problem.internal();
}

function fromClientError(error: HttpLikeError): Problem {
  const { status } = error;
  if (status === 413) {
    return new Problem({ status, code: 'payload_too_large', detail: 'The request body is larger than this endpoint accepts.' });
  }
  if (status === 415) {
    return new Problem({ status, code: 'unsupported_media_type', detail: error.expose ? error.message : 'Unsupported media type.' });
  }
  if (status === 400 && (error.type === 'entity.parse.failed' || error instanceof SyntaxError)) {
    return new Problem({ status, code: 'invalid_json', detail: 'The request body is not valid JSON.' });
  }
  return new Problem({ status, code: status === 400 ? 'bad_request' : 'client_error', detail: error.expose ? error.message : 'The request was refused.' });
}
