import { Problem, addressKey, giveBackOne } from '@boardsync/kit/core';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CounterStore } from '@boardsync/kit/redis';
import { perMinuteCounter } from './limiter.ts';
import type { RateLimitRefusals } from './refusals.ts';

/**
 * Per client IP, a budget of authentication failures (malformed, unknown, expired or revoked
 * tokens) a minute. It is checked before a token costs auth an introspection call, and only
 * failures are counted: one tool's server may call for thousands of designers from one address.
 * IPv6 clients are counted per /64 (the kit's `addressKey`).
 */
export class AuthFailureBudget {
  private readonly failures: RateLimiterAbstract;
  private readonly perMinute: number;
  private readonly refusals: RateLimitRefusals | undefined;

  constructor(perMinute: number, store: CounterStore, refusals?: RateLimitRefusals) {
    this.perMinute = perMinute;
    this.refusals = refusals;
    this.failures = perMinuteCounter(store, 'auth-failures', perMinute);
  }

  /** Throws 429 `rate_limited` when this address has spent its budget for the current minute; counts nothing. */
  async refuseWhenSpent(clientIp: string): Promise<void> {
    const spent = await this.failures.get(addressKey(clientIp));
    if (spent && spent.consumedPoints >= this.perMinute) throw this.refused(spent.msBeforeNext);
  }

  /**
   * Reserves one failure before a token costs auth a call, so parallel guesses from one address
   * cannot all pass a budget that a check-then-count would still show as unspent (429 once spent).
   * The caller gives it back when the token turns out valid, or when auth could not say.
   */
  async reserve(clientIp: string): Promise<{ giveBack(): Promise<void> }> {
    const key = addressKey(clientIp);
    try {
      await this.failures.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw this.refused(rejection.msBeforeNext);
      throw rejection;
    }
    return { giveBack: () => giveBackOne(this.failures, key) };
  }

  private refused(msBeforeNext: number): Problem {
    this.refusals?.record('auth-failures');
    return spentProblem(msBeforeNext);
  }
}

function spentProblem(msBeforeNext: number): Problem {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new Problem({
    status: 429,
    code: 'rate_limited',
    detail: `Too many failed authentications from this address; retry in ${retryAfter} s.`,
    headers: { 'Retry-After': String(retryAfter) },
  });
}
