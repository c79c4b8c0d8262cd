import { BoardsyncError, asProblem, problemOf, type Problem } from './errors.ts';
import { parseRetryAfter } from './retry-policy.ts';

/** 400, 413, 415 or 422: the request itself is wrong; `fieldErrors` names the fields of a `validation_failed`. */
export class ValidationError extends BoardsyncError {
  static override readonly family: string = 'ValidationError';
}

/** 404 or 410: absent, or not the caller's (never told apart), or a changes cursor that expired. */
export class NotFoundError extends BoardsyncError {
  static override readonly family: string = 'NotFoundError';
}

/** 409 or 423: the project is locked (`project_locked`), or a request with the same Idempotency-Key still runs. */
export class ConflictError extends BoardsyncError {
  static override readonly family: string = 'ConflictError';
}

/** 429 `rate_limited`: wait `retryAfterSeconds` (the client already waited out what its retry policy allows). */
export class RateLimitedError extends BoardsyncError {
  static override readonly family: string = 'RateLimitedError';
  /** The answer's `Retry-After`, in seconds, when it had one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(response: Response, problem: Problem | undefined) {
    super(response, problem);
    this.retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  }
}

/** The designer's plan does not allow it: `plan_limit_reached` (projects) or `storage_quota_exceeded` (artwork). */
export class QuotaError extends BoardsyncError {
  static override readonly family: string = 'QuotaError';
}

/** 401 or 403: the token is invalid, expired or revoked, lacks the scope (`insufficient_scope`), or the app may not (`forbidden`). */
export class AuthError extends BoardsyncError {
  static override readonly family: string = 'AuthError';
}

const QUOTA_CODES = new Set(['plan_limit_reached', 'storage_quota_exceeded']);

/** The error a refusal is thrown as: its family by its code, else by its status (docs/rules.md "Errors"); a 5xx stays a BoardsyncError. */
export function refusalOf(response: Response, problem: Problem | undefined): BoardsyncError {
  if (problem !== undefined && QUOTA_CODES.has(problem.code)) return new QuotaError(response, problem);
  switch (response.status) {
    case 400:
    case 413:
    case 415:
    case 422:
      return new ValidationError(response, problem);
    case 401:
    case 403:
      return new AuthError(response, problem);
    case 404:
    case 410:
      return new NotFoundError(response, problem);
    case 409:
    case 423:
      return new ConflictError(response, problem);
    case 429:
      return new RateLimitedError(response, problem);
    default:
      return new BoardsyncError(response, problem);
  }
}

/** A refused answer, its Problem read, as the error of its family. */
export async function refusal(response: Response): Promise<BoardsyncError> {
  return refusalOf(response, await problemOf(response));
}

/**
 * The body of a successful `client.api` call, or its failure thrown as the error of its family:
 * `const { data: project } = unwrap(await client.api.GET('/api/v1/projects/{project}', …))`.
 * A read sent with `If-None-Match` may be answered 304: read it with {@link unwrapIfModified}.
 */
export function unwrap<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw refusalOf(result.response, asProblem(result.error));
}

/** What a conditional read answered: the body and its new ETag when it changed, or only that it did not (304). */
export type ConditionalRead<Data> = { modified: true; data: Data; etag: string | undefined } | { modified: false; etag: string | undefined };

/**
 * A read sent with `If-None-Match`: `modified: false` when the ETag sent still names the answer (304:
 * keep what you have), else the body and its ETag to send next time; a failure is thrown as by {@link unwrap}.
 */
export function unwrapIfModified<Data>(result: { data?: Data; error?: unknown; response: Response }): ConditionalRead<Data> {
  const etag = result.response.headers.get('etag') ?? undefined;
  if (result.response.status === 304) return { modified: false, etag };
  return { modified: true, data: unwrap(result), etag };
}
