import type { Context, Middleware } from 'koa';
import type { Logger } from '../logger.ts';
import { Problem } from '../problem.ts';

const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The one place an error becomes an HTTP answer. Problems render as they are; errors raised by
 * Koa's own layers (body parsing, ctx.throw) keep their status; anything else is logged in full
 * and answered as a bare 500 with no detail.
 */
export function problemResponder(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        throw new Problem({ status: 404, code: 'not_found', detail: `No route for ${ctx.method} ${ctx.path}.` });
      }
    } catch (error) {
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

interface HttpLikeError extends Error {
  status: number;
  expose?: boolean;
  message: string;
  type?: string;
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
