/** When a failed request is tried again, and how long the client waits first. */
export interface RetryPolicy {
  /** Tries after the first, at most (default 3). */
  maxRetries: number;
  /** The longest `Retry-After` the client waits out; a longer one returns the answer instead (default 60 s). */
  maxWaitSeconds: number;
  /** The first backoff's ceiling when the answer names no wait; each retry doubles it (default 500 ms). */
  backoffBaseMs: number;
  /** The ceiling no backoff goes past (default 8 s). */
  backoffMaxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, maxWaitSeconds: 60, backoffBaseMs: 500, backoffMaxMs: 8000 };

/** RFC 9110 §9.2.2: sending one of these twice has the effect of sending it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Answers that say the request may not have been carried out, or not yet: a gateway's or a busy service's. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * The operations that honour an `Idempotency-Key`: every POST of the API. A key on a POST elsewhere
 * (the OAuth endpoints) is sent but does not make it safe to repeat.
 */
const HONOURS_IDEMPOTENCY_KEY = /^\/api\/v1\//;

/**
 * The request with an `Idempotency-Key` when it is an API POST without one: a fresh UUID, made once
 * for the logical call, so each retry of it carries the same key and the API does it at most once.
 */
export function withIdempotencyKey(request: Request): Request {
  if (request.method.toUpperCase() === 'POST' && !request.headers.has('Idempotency-Key') && HONOURS_IDEMPOTENCY_KEY.test(new URL(request.url).pathname)) {
    request.headers.set('Idempotency-Key', crypto.randomUUID());
  }
  return request;
}

/** Whether sending `request` twice has the effect of sending it once: an idempotent method, or a POST with an `Idempotency-Key` the API honours. */
export function isSafeToRepeat(request: Request): boolean {
  if (IDEMPOTENT_METHODS.has(request.method.toUpperCase())) return true;
  return request.headers.has('Idempotency-Key') && HONOURS_IDEMPOTENCY_KEY.test(new URL(request.url).pathname);
}

/** What came of one attempt: an answer, or no answer at all (the network failed, or the attempt timed out). */
export type Attempt = { response: Response } | { failure: unknown };

/**
 * Milliseconds to wait before sending `request` again after `attempt`, or undefined to stop there.
 * A 429 was refused before anything was done, so every request waits it out; a 502, 503, 504, or
 * no answer at all, may have done the work, so only a request safe to repeat is sent again. A
 * `Retry-After` is honoured up to `maxWaitSeconds`; without one the wait is a full-jitter
 * exponential backoff, so many clients refused together do not return together.
 */
export function retryDelayMs(
  request: Request,
  attempt: Attempt,
  retries: number,
  policy: RetryPolicy,
  random = Math.random,
  now = Date.now(),
): number | undefined {
  if (retries >= policy.maxRetries) return undefined;
  if ('response' in attempt) {
    const { status, headers } = attempt.response;
    if (status !== 429 && !(TRANSIENT_STATUSES.has(status) && isSafeToRepeat(request))) return undefined;
    const named = parseRetryAfter(headers.get('Retry-After'), now);
    if (named !== undefined) return named > policy.maxWaitSeconds ? undefined : named * 1000;
  } else if (!isSafeToRepeat(request)) {
    return undefined;
  }
  return Math.floor(random() * Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** retries));
}

/** RFC 9110 §10.2.3: delay-seconds, or an HTTP-date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP-date names its day and month; Date.parse alone would also take "-1" as a year.
  const date = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
