import { Problem } from '@boardsync/kit';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey } from './address-key.ts';
import { perMinuteLimiter, type CounterStore } from './counter-store.ts';

/**
 * Per client IP, a budget of authentication failures (malformed, unknown, expired or revoked
 * tokens) a minute. It is checked before a token costs auth an introspection call, and only
 * failures are counted: one tool's server may call for thousands of designers from one address.
 * IPv6 clients are counted per /64 (see address-key.ts).
 */
export class AuthFailureBudget {
  private readonly failures: RateLimiterAbstract;
  private readonly perMinute: number;

  constructor(perMinute: number, store: CounterStore) {
    this.perMinute = perMinute;
    this.failures = perMinuteLimiter(store, 'auth-failures', perMinute);
  }

  /** Throws 429 `rate_limited` when this address has spent its budget for the current minute. */
  async refuseWhenSpent(clientIp: string): Promise<void> {
    const spent = await this.failures.get(addressKey(clientIp));
    if (!spent || spent.consumedPoints < this.perMinute) return;
    const retryAfter = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
    throw new Problem({
      status: 429,
      code: 'rate_limited',
      detail: `Too many failed authentications from this address; retry in ${retryAfter} s.`,
      headers: { 'Retry-After': String(retryAfter) },
    });
  }

  async recordFailure(clientIp: string): Promise<void> {
    // penalty() counts without ever rejecting: the failure is answered 401 whatever the budget says.
    await this.failures.penalty(addressKey(clientIp));
  }
}
