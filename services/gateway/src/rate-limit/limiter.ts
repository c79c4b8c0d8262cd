import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { windowCounter, type CounterStore } from '@boardsync/kit/redis';
import type { RateLimitRefusals } from './refusals.ts';

export interface RateLimits {
  readsPerMinute: number;
  writesPerMinute: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Reads and writes counted apart, per designer + app, in Redis (shared by replicas) or in memory
 * (embedded). With Redis down each replica counts in memory (see `RateLimitFallback`): limits get
 * looser by the number of replicas for a while, but no call fails for it.
 */
export class ApiRateLimiter {
  private readonly reads: RateLimiterAbstract;
  private readonly writes: RateLimiterAbstract;
  private readonly limits: RateLimits;
  private readonly refusals: RateLimitRefusals | undefined;

  constructor(limits: RateLimits, store: CounterStore, refusals?: RateLimitRefusals) {
    this.limits = limits;
    this.refusals = refusals;
    this.reads = perMinuteCounter(store, 'read', limits.readsPerMinute);
    this.writes = perMinuteCounter(store, 'write', limits.writesPerMinute);
  }

  async consume(key: string, read: boolean): Promise<RateDecision> {
    const limiter = read ? this.reads : this.writes;
    const limit = read ? this.limits.readsPerMinute : this.limits.writesPerMinute;
    try {
      const result = await limiter.consume(key);
      return { allowed: true, limit, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
    } catch (rejection) {
      // rate-limiter-flexible rejects with a RateLimiterRes when the budget is spent; store errors go to the insurance.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.refusals?.record(read ? 'read' : 'write');
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}

/** A one-minute window under `<prefix>:rl:<name>`, reported to the fallback metric by its name. */
export function perMinuteCounter(store: CounterStore, name: string, points: number): RateLimiterAbstract {
  return windowCounter(store, { key: `rl:${name}`, label: name, points, windowSeconds: 60 });
}
