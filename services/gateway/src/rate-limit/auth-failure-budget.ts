import { addressKey, giveBackOne } from '@boardsync/kit/core';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CounterStore } from '@boardsync/kit/redis';
import { perMinuteCounter } from './limiter.ts';
import type { RateLimitRefusals } from './refusals.ts';

/** The address has spent its budget for the current minute (use-cases/admit-api-request.ts answers 429). */
export class AuthFailuresSpent extends Error {
  override readonly name = 'AuthFailuresSpent';
  readonly retryAfterSeconds: number;

  constructor(msBeforeNext: number) {
    const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super(`authentication failure budget spent; retry in ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

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

  /** Throws AuthFailuresSpent when this address has spent its budget for the current minute; counts nothing. */
  async refuseWhenSpent(clientIp: string): Promise<void> {
    const spent = await this.failures.get(addressKey(clientIp));
    if (spent && spent.consumedPoints >= this.perMinute) throw this.refused(spent.msBeforeNext);
  }

  /**
   * Reserves one failure before a token costs auth a call, so parallel guesses from one address
   * cannot all pass a budget that a check-then-count would still show as unspent (AuthFailuresSpent once spent).
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

  private refused(msBeforeNext: number): AuthFailuresSpent {
    this.refusals?.record('auth-failures');
    return new AuthFailuresSpent(msBeforeNext);
  }
}
