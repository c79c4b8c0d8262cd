/**
 * The one error type services throw for an answer the client should see. It renders as an
 * RFC 9457 `application/problem+json` body: `{type, title, status, code, detail[, errors]}`.
 */
export type FieldErrors = Record<string, string[]>;

export interface ProblemInit {
  status: number;
  code: string;
  detail: string;
  title?: string;
  errors?: FieldErrors;
  /** Response headers that belong to this answer (WWW-Authenticate, Retry-After, …). */
  headers?: Record<string, string>;
  /** Extra members beyond the standard ones, for codes that carry more (e.g. `shapes`). */
  extensions?: Record<string, unknown>;
  /** The underlying failure, for logs only; never rendered. */
  cause?: unknown;
}

export const PROBLEM_TYPE_BASE = 'https://boardsync.dev/problems/';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  errors?: FieldErrors;
  [extension: string]: unknown;
}

export class Problem extends Error {
  override readonly name = 'Problem';
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string>;
  readonly extensions: Record<string, unknown>;

  constructor(init: ProblemInit) {
    super(init.detail, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.title = init.title ?? TITLES[init.status] ?? 'Error';
    this.errors = init.errors;
    this.headers = init.headers ?? {};
    this.extensions = init.extensions ?? {};
  }

  toBody(): ProblemBody {
    return {
      ...this.extensions,
      type: PROBLEM_TYPE_BASE + this.code,
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }

  static badRequest(detail: string, code = 'bad_request'): Problem {
    return new Problem({ status: 400, code, detail });
  }

  static unauthenticated(detail = 'A valid bearer token is required.'): Problem {
    return new Problem({
      status: 401,
      code: 'unauthenticated',
      detail,
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    });
  }

  static insufficientScope(scope: string): Problem {
    return new Problem({
      status: 403,
      code: 'insufficient_scope',
      detail: `This token lacks the scope ${scope}.`,
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }

  static forbidden(detail: string, code = 'forbidden'): Problem {
    return new Problem({ status: 403, code, detail });
  }

  static notFound(what = 'resource'): Problem {
    return new Problem({ status: 404, code: 'not_found', detail: `The ${what} does not exist.` });
  }

  static conflict(code: string, detail: string): Problem {
    return new Problem({ status: 409, code, detail });
  }

  static validation(errors: FieldErrors, detail = 'The request failed validation.'): Problem {
    return new Problem({ status: 422, code: 'validation_failed', detail, errors });
  }

  /** 503 with a Retry-After of 5 s: something this request needs cannot answer now; a client waits and tries again. */
  static unavailable(detail: string, cause?: unknown, code = 'service_unavailable'): Problem {
    return new Problem({ status: 503, code, detail, headers: { 'Retry-After': '5' }, cause });
  }

  static internal(): Problem {
    return new Problem({ status: 500, code: 'internal_error', detail: 'Something went wrong on our side.' });
  }
}

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
