import { describe, expect, it } from '@jest/globals';
import {
  afterAttempt,
  afterRuns,
  classifyAttempt,
  failureRuns,
  nextAttemptDelay,
  settlementOf,
  type AttemptOutcome,
  type AttemptResult,
  type FailureState,
} from '../retry-schedule.ts';

describe('classifyAttempt', () => {
  it.each<[string, AttemptResult, AttemptOutcome]>([
    ['200', { status: 200 }, 'succeeded'],
    ['204', { status: 204 }, 'succeeded'],
    ['299', { status: 299 }, 'succeeded'],
    ['301: redirects are not followed', { status: 301 }, 'refused'],
    ['304', { status: 304 }, 'refused'],
    ['400', { status: 400 }, 'refused'],
    ['401', { status: 401 }, 'refused'],
    ['404', { status: 404 }, 'refused'],
    ['410', { status: 410 }, 'refused'],
    ['429', { status: 429 }, 'retry'],
    ['500', { status: 500 }, 'retry'],
    ['503', { status: 503 }, 'retry'],
    ['599', { status: 599 }, 'retry'],
    ['199', { status: 199 }, 'refused'],
    ['timeout', { error: 'timeout' }, 'retry'],
    ['connection error', { error: 'connection' }, 'retry'],
    ['address now private', { error: 'refused_address' }, 'refused'],
    ['a timeout after the status line came', { status: 200, error: 'timeout' }, 'retry'],
    ['no answer at all', {}, 'retry'],
  ])('%s', (_name, result, expected) => {
    expect(classifyAttempt(result)).toBe(expected);
  });
});

describe('nextAttemptDelay', () => {
  const DELAYS = [10_000, 60_000, 300_000] as const;
  const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
  const httpDate = (offsetMs: number): string => new Date(NOW + offsetMs).toUTCString();

  it('waits 10 s, 1 min, 5 min after attempts 1 to 3, and attempt 4 is the last', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => nextAttemptDelay(attempt, DELAYS))).toEqual([10_000, 60_000, 300_000, undefined, undefined]);
  });

  it('has no delay for attempt numbers that cannot be', () => {
    expect(nextAttemptDelay(0, DELAYS)).toBeUndefined();
    expect(nextAttemptDelay(1.5, DELAYS)).toBeUndefined();
    expect(nextAttemptDelay(1, [])).toBeUndefined();
  });

  it.each<[string, number, string, number]>([
    ['seconds within bounds', 1, '30', 30_000],
    ['seconds below the scheduled wait', 1, '0', 10_000],
    ['seconds beyond 10 × the wait', 1, '3600', 100_000],
    ['seconds with spaces', 2, ' 120 ', 120_000],
    ['an HTTP date within bounds', 1, httpDate(45_000), 45_000],
    ['an HTTP date in the past', 1, httpDate(-60_000), 10_000],
    ['an HTTP date beyond the bound', 1, httpDate(86_400_000), 100_000],
    ['an RFC 850 date', 1, 'Thursday, 01-Jan-26 12:00:40 GMT', 40_000],
    ['an asctime date', 1, 'Thu Jan  1 12:00:50 2026', 50_000],
    ['after attempt 3: 10 × 5 min is under the hour', 3, '86400', 3_000_000],
    ['a date without its GMT (not an HTTP date)', 1, 'Thu, 01 Jan 2026 12:00:45', 10_000],
    ['garbage', 1, 'soon', 10_000],
    ['a negative number', 1, '-5', 10_000],
    ['a fraction', 1, '1.5', 10_000],
    ['empty', 1, '', 10_000],
  ])('429 with Retry-After: %s', (_name, attempt, header, expected) => {
    expect(nextAttemptDelay(attempt, DELAYS, header, 429, NOW)).toBe(expected);
  });

  it('never past an hour, and never below a schedule wait of more than an hour', () => {
    expect(nextAttemptDelay(1, [600_000], '86400', 429, NOW)).toBe(3_600_000);
    expect(nextAttemptDelay(1, [7_200_000], '86400', 429, NOW)).toBe(7_200_000);
  });

  it('scales with a test schedule', () => {
    expect(nextAttemptDelay(1, [200, 400, 600], '60', 429, NOW)).toBe(2_000);
  });

  it('honours Retry-After on a 503 too, and on no other status', () => {
    expect(nextAttemptDelay(1, DELAYS, '30', 503, NOW)).toBe(30_000);
    expect(nextAttemptDelay(1, DELAYS, '30', 500, NOW)).toBe(10_000);
    expect(nextAttemptDelay(1, DELAYS, '30', undefined, NOW)).toBe(10_000);
  });

  it('still ends after the last attempt, whatever Retry-After says', () => {
    expect(nextAttemptDelay(4, DELAYS, '30', 429, NOW)).toBeUndefined();
  });
});

describe('afterAttempt', () => {
  const fresh: FailureState = { consecutiveFailures: 0, isActive: true };

  it('counts every failed attempt, retried or refused, and the 15th in a row deactivates', () => {
    let state = fresh;
    for (let failure = 1; failure <= 14; failure++) {
      state = afterAttempt(state, failure % 2 === 0 ? 'refused' : 'retry');
      expect(state).toEqual({ consecutiveFailures: failure, isActive: true });
    }
    state = afterAttempt(state, 'retry');
    expect(state).toEqual({ consecutiveFailures: 15, isActive: false });
    expect(afterAttempt(state, 'retry')).toEqual({ consecutiveFailures: 16, isActive: false });
  });

  it('resets the count on a success, so failures must be in a row', () => {
    expect(afterAttempt({ consecutiveFailures: 14, isActive: true }, 'succeeded')).toEqual(fresh);
    let state = afterAttempt({ consecutiveFailures: 14, isActive: true }, 'succeeded');
    for (let failure = 1; failure <= 14; failure++) state = afterAttempt(state, 'retry');
    expect(state.isActive).toBe(true);
  });

  it('does not reactivate an inactive webhook on a success (it must be registered again)', () => {
    expect(afterAttempt({ consecutiveFailures: 15, isActive: false }, 'succeeded')).toEqual({ consecutiveFailures: 0, isActive: false });
  });

  it('takes another threshold', () => {
    expect(afterAttempt({ consecutiveFailures: 2, isActive: true }, 'retry', 3)).toEqual({ consecutiveFailures: 3, isActive: false });
  });
});

describe('settlementOf', () => {
  const delays = [10_000, 60_000, 300_000];

  it('settles a success and a refusal at once, whatever attempt it was', () => {
    expect(settlementOf(0, { status: 204 }, 'succeeded', delays)).toEqual({ state: 'succeeded' });
    expect(settlementOf(0, { status: 410 }, 'refused', delays)).toEqual({ state: 'failed' });
  });

  it('keeps a retried delivery pending for the next wait, and fails it after the last attempt', () => {
    expect(settlementOf(0, { status: 500 }, 'retry', delays)).toEqual({ state: 'pending', retryInMs: 10_000 });
    expect(settlementOf(2, { error: 'timeout' }, 'retry', delays)).toEqual({ state: 'pending', retryInMs: 300_000 });
    expect(settlementOf(3, { status: 500 }, 'retry', delays)).toEqual({ state: 'failed' });
  });

  it("moves the wait by a 429's Retry-After", () => {
    expect(settlementOf(0, { status: 429, retryAfter: '30' }, 'retry', delays)).toEqual({ state: 'pending', retryInMs: 30_000 });
  });
});

describe('failure runs', () => {
  const outcomes: AttemptOutcome[] = ['succeeded', 'retry', 'refused'];

  it('counts a batch as attempt-by-attempt afterAttempt would, for every short sequence and starting state', () => {
    const sequences: AttemptOutcome[][] = [[]];
    for (let length = 1; length <= 6; length++) {
      for (let code = 0; code < 3 ** length; code++) {
        sequences.push(Array.from({ length }, (_, i) => outcomes[Math.floor(code / 3 ** i) % 3] ?? 'succeeded'));
      }
    }
    for (const sequence of sequences) {
      for (const start of [0, 1, 2, 3].flatMap((consecutiveFailures) => [true, false].map((isActive) => ({ consecutiveFailures, isActive })))) {
        const stepByStep = sequence.reduce((state, outcome) => afterAttempt(state, outcome, 4), start);
        expect({ sequence, start, state: afterRuns(start, failureRuns(sequence), 4) }).toEqual({ sequence, start, state: stepByStep });
      }
    }
  });

  it('names the runs', () => {
    expect(failureRuns(['retry', 'retry', 'succeeded', 'retry', 'retry', 'retry', 'succeeded', 'refused'])).toEqual({
      leading: 2,
      trailing: 1,
      longestLater: 3,
      hasSuccess: true,
    });
    expect(failureRuns(['retry', 'refused'])).toEqual({ leading: 2, trailing: 2, longestLater: 0, hasSuccess: false });
  });
});
