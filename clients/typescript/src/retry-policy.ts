/** When a refused request is tried again: only where trying again cannot do the work twice. */
export interface RetryPolicy {
  /** Tries after the first, at most (default 3). */
  maxRetries: number;
  /** The longest single wait the client accepts; a longer `Retry-After` returns the answer instead (default 60 s). */
  maxWaitSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, maxWaitSeconds: 60 };

/** Statuses that say "not now, later": the rate limit (429) and a service briefly unavailable (503). */
const RETRYABLE_STATUSES = new Set([429, 503]);

/** RFC 9110 §9.2.2: sending one of these twice has the effect of sending it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A POST is idempotent only when it carries an `Idempotency-Key` the operation honours (uploads and
 * mirrors do: the same key answers the first 201 again and stores nothing).
 */
export function isIdempotent(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('Idempotency-Key');
}

/**
 * Seconds to wait before trying `response`'s request again, or undefined when it is not to be tried
 * again: not a 429/503, no usable `Retry-After`, or a wait longer than the policy accepts.
 */
export function retryDelaySeconds(response: Response, policy: RetryPolicy, now = Date.now()): number | undefined {
  if (!RETRYABLE_STATUSES.has(response.status)) return undefined;
  const seconds = parseRetryAfter(response.headers.get('Retry-After'), now);
  if (seconds === undefined || seconds > policy.maxWaitSeconds) return undefined;
  return seconds;
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
