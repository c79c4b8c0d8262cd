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

const repeatable = new WeakSet<Request>();

/** Marks a request the client built as safe to send twice (a batch whose every row carries its `unique_id`). */
export function markSafeToRepeat(request: Request): Request {
  repeatable.add(request);
  return request;
}

/**
 * The operations that honour an `Idempotency-Key` (docs/rules.md "Assets": uploads and mirrors). A key
 * on any other POST is sent but does not make it safe to repeat: the API would run it twice.
 */
const HONOURS_IDEMPOTENCY_KEY = /^\/api\/v1\/projects\/[^/]+\/assets(?:\/from-url)?$/;

/**
 * Whether sending `request` twice has the effect of sending it once: an idempotent method, a POST
 * with an `Idempotency-Key` the operation honours, or one the client marked.
 */
export function isSafeToRepeat(request: Request): boolean {
  if (IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || repeatable.has(request)) return true;
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
