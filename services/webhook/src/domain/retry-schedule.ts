/** Why an attempt got no HTTP answer. `refused_address`: the URL now resolves to a private address, so nothing was sent. */
export type AttemptError = 'timeout' | 'connection' | 'refused_address';

export interface AttemptResult {
  status?: number;
  error?: AttemptError;
}

/**
 * `succeeded`: a 2xx. `retry`: worth trying again later. `refused`: the receiver (or our address
 * rules) said no; trying again would get the same answer, so the delivery stops here.
 */
export type AttemptOutcome = 'succeeded' | 'retry' | 'refused';

/**
 * docs/rules.md "Delivery": 2xx succeeds; 5xx, 429, a timeout or a connection error are retried; every other status
 * is a refusal. That includes 3xx: redirects are not followed (each hop would need the address
 * checks again, and the Standard asks receivers to update the URL instead), so a redirect is the
 * receiver's answer, not a passing fault. An error wins over a status (headers that came in time
 * followed by a body that did not is still a timeout); a result with neither got no answer at all.
 */
export function classifyAttempt(result: AttemptResult): AttemptOutcome {
  if (result.error === 'refused_address') return 'refused';
  if (result.error !== undefined || result.status === undefined) return 'retry';
  const { status } = result;
  if (status >= 200 && status <= 299) return 'succeeded';
  if (status === 429 || (status >= 500 && status <= 599)) return 'retry';
  return 'refused';
}

/** What an attempt makes of its delivery: done, failed for good, or due again in `retryInMs`. */
export type Settlement = { state: 'succeeded' | 'failed' } | { state: 'pending'; retryInMs: number };

/** An attempt's result as the schedule reads it: with the receiver's `Retry-After`, if any. */
export interface ScheduledResult extends AttemptResult {
  retryAfter?: string;
}

/**
 * Settles attempt `attemptsBefore + 1`: a success is done, a refusal fails for good, and a result
 * worth retrying waits the schedule's next delay, or fails once the schedule has none left.
 */
export function settlementOf(attemptsBefore: number, result: ScheduledResult, outcome: AttemptOutcome, retryDelaysMs: readonly number[]): Settlement {
  if (outcome === 'succeeded') return { state: 'succeeded' };
  if (outcome === 'refused') return { state: 'failed' };
  const wait = nextAttemptDelay(attemptsBefore + 1, retryDelaysMs, result.retryAfter, result.status);
  return wait === undefined ? { state: 'failed' } : { state: 'pending', retryInMs: wait };
}

const HOUR_MS = 3_600_000;
const RETRY_AFTER_SPAN = 10;
const RETRY_AFTER_STATUSES = new Set([429, 503]);
const SECONDS = /^\d+$/;
// RFC 9110 §5.6.7: IMF-fixdate and the obsolete RFC 850 form name GMT; asctime names no zone but means GMT,
// and Date.parse would read it as local time.
const ZONED_HTTP_DATE = /^[A-Za-z]{3,9}, [0-9A-Za-z -]+ \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * How long to wait after failed attempt `attemptNumber` (1-based) before the next, or undefined
 * when it was the last: `delaysMs` holds one wait per retry, so three delays make four attempts.
 *
 * A 429 or 503 with `Retry-After` (seconds or an HTTP date) moves the wait, within bounds: never
 * sooner than the schedule's own wait (a receiver asking for 0 s must not get a tight loop), never
 * later than 10 × that wait and never beyond one hour, so a receiver cannot park a delivery for
 * days and the attempt series stays about as long as the schedule says (the bound scales with
 * configured delays, so tests on a 200 ms schedule stay fast). A schedule wait over an hour is kept
 * as it is. An unreadable header is ignored.
 */
export function nextAttemptDelay(
  attemptNumber: number,
  delaysMs: readonly number[],
  retryAfterHeader?: string,
  status?: number,
  now: number = Date.now(),
): number | undefined {
  const scheduled = delaysMs[attemptNumber - 1];
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1 || scheduled === undefined) return undefined;
  if (status === undefined || !RETRY_AFTER_STATUSES.has(status) || retryAfterHeader === undefined) return scheduled;
  const asked = retryAfterMs(retryAfterHeader, now);
  if (asked === undefined) return scheduled;
  const ceiling = Math.max(scheduled, Math.min(scheduled * RETRY_AFTER_SPAN, HOUR_MS));
  return Math.min(Math.max(asked, scheduled), ceiling);
}

/** `Retry-After` as milliseconds from `now`, or undefined when it is neither delay-seconds nor an HTTP date. */
export function retryAfterMs(header: string, now: number): number | undefined {
  const value = header.trim();
  if (SECONDS.test(value)) return Number(value) * 1_000;
  let date: string;
  if (ZONED_HTTP_DATE.test(value)) date = value;
  else if (ASCTIME_DATE.test(value)) date = `${value} GMT`;
  else return undefined;
  const at = Date.parse(date);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface FailureState {
  consecutiveFailures: number;
  isActive: boolean;
}

/**
 * The webhook's bookkeeping after one attempt (docs/rules.md "States and transitions"; docs/decisions.md, "Webhooks": `consecutive_failures`
 * counts failed attempts, retried or refused alike). A success resets the count but does not reactivate:
 * an inactive webhook must be registered again. The `deactivateAfter`th failure in a row deactivates.
 */
export function afterAttempt(webhook: FailureState, outcome: AttemptOutcome, deactivateAfter = 15): FailureState {
  if (outcome === 'succeeded') return { consecutiveFailures: 0, isActive: webhook.isActive };
  const consecutiveFailures = webhook.consecutiveFailures + 1;
  return { consecutiveFailures, isActive: webhook.isActive && consecutiveFailures < deactivateAfter };
}

/**
 * A run of attempts' outcomes for one webhook, in order, as the database needs them to count the
 * failures in one statement: `leading` failures before the first success (all of them when none
 * succeeded), `trailing` after the last success, and the longest run after the first success.
 */
export interface FailureRuns {
  leading: number;
  trailing: number;
  longestLater: number;
  hasSuccess: boolean;
}

export function failureRuns(outcomes: readonly AttemptOutcome[]): FailureRuns {
  let leading = 0;
  let run = 0;
  let longestLater = 0;
  let hasSuccess = false;
  for (const outcome of outcomes) {
    if (outcome !== 'succeeded') {
      run++;
      if (hasSuccess) longestLater = Math.max(longestLater, run);
      else leading = run;
      continue;
    }
    hasSuccess = true;
    run = 0;
  }
  return { leading, trailing: hasSuccess ? run : leading, longestLater, hasSuccess };
}

/** {@link afterAttempt} applied attempt by attempt, from the runs alone (what the recording statement computes). */
export function afterRuns(webhook: FailureState, runs: FailureRuns, deactivateAfter = 15): FailureState {
  const reached = webhook.consecutiveFailures + runs.leading >= deactivateAfter || runs.longestLater >= deactivateAfter;
  return {
    consecutiveFailures: runs.hasSuccess ? runs.trailing : webhook.consecutiveFailures + runs.leading,
    isActive: webhook.isActive && !reached,
  };
}
