import type { components } from './openapi.gen.ts';

export type Problem = components['schemas']['Problem'];

/**
 * One identity per error class across the package's two builds: a tool whose ES modules and CommonJS
 * each load the package has two copies of every class, and `instanceof` on a class alone would tell an
 * error from the other copy apart. Each class marks its instances with a symbol from the global
 * registry, which both copies share, and answers `instanceof` by the mark.
 */
export function branded(name: string): { mark: (error: Error) => void; hasInstance: (value: unknown) => boolean } {
  const brand = Symbol.for(`@boardsync/client:${name}`);
  return {
    mark: (error) => {
      Object.defineProperty(error, brand, { value: true });
    },
    hasInstance: (value) => typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true,
  };
}

const boardsyncError = branded('BoardsyncError');
const networkError = branded('BoardsyncNetworkError');
const oauthError = branded('OAuthError');
const verificationError = branded('WebhookVerificationError');

/** An API answer that is not a success: its status and, where the API sent one, its Problem (RFC 9457). */
export class BoardsyncError extends Error {
  /** The family its instances are marked with, so that `instanceof` holds across the package's builds. */
  static readonly family: string = 'BoardsyncError';

  readonly status: number;
  /** `validation_failed`, `not_found`, `rate_limited`, … or `http_<status>` when the answer carried no Problem. */
  readonly code: string;
  readonly problem: Problem | undefined;
  readonly response: Response;
  /** The answer's `X-Request-Id`: quote it when reporting a problem, and find the request in the operators' logs. */
  readonly requestId: string | undefined;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(this.family).hasInstance(value);
  }

  constructor(response: Response, problem: Problem | undefined) {
    super(problem ? `${String(response.status)} ${problem.code}: ${problem.detail}` : `${String(response.status)} ${response.statusText}`);
    this.name = new.target.family;
    this.status = response.status;
    this.code = problem?.code ?? `http_${String(response.status)}`;
    this.problem = problem;
    this.response = response;
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    boardsyncError.mark(this);
    branded(new.target.family).mark(this);
  }

  /** For 422 `validation_failed`: the messages for each field path. */
  get fieldErrors(): Record<string, string[]> {
    return this.problem?.errors ?? {};
  }
}

/**
 * No answer came: the network failed, or each attempt outlived the client's `timeoutMs`, as many
 * times as the retry policy allows for this request. Whether the API carried it out is unknown;
 * `unique_id`-keyed writes and keyed uploads converge when sent again.
 */
export class BoardsyncNetworkError extends Error {
  readonly method: string;
  readonly url: string;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** Whether the last attempt was abandoned for the timeout (otherwise the network failed). */
  readonly timedOut: boolean;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return networkError.hasInstance(value);
  }

  constructor(request: Request, attempts: number, cause: unknown) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    const reason = timedOut ? 'timed out' : cause instanceof Error ? cause.message : String(cause);
    super(`${request.method} ${new URL(request.url).pathname}: no answer (${reason}) after ${String(attempts)} attempt${attempts === 1 ? '' : 's'}`, { cause });
    this.name = 'BoardsyncNetworkError';
    this.method = request.method;
    this.url = request.url;
    this.attempts = attempts;
    this.timedOut = timedOut;
    networkError.mark(this);
  }
}

/** The token endpoint's refusal (RFC 6749 §5.2), or a callback that does not check out. */
export class OAuthError extends Error {
  readonly code: string;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return oauthError.hasInstance(value);
  }

  constructor(code: string, description: string) {
    super(`${code}: ${description}`);
    this.name = 'OAuthError';
    this.code = code;
    oauthError.mark(this);
  }
}

/** A delivery whose signature, timestamp or body does not check out: answer it 400 and do nothing with it. */
export class WebhookVerificationError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return verificationError.hasInstance(value);
  }

  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    verificationError.mark(this);
  }
}

/** The Problem an error answer carries, if it carries one. */
export async function problemOf(response: Response): Promise<Problem | undefined> {
  if (!/json/.test(response.headers.get('content-type') ?? '')) return undefined;
  return asProblem(await response.json().catch(() => undefined));
}

export function asProblem(body: unknown): Problem | undefined {
  const candidate = body as Partial<Problem> | undefined;
  return typeof candidate?.code === 'string' && typeof candidate.detail === 'string' ? (candidate as Problem) : undefined;
}
