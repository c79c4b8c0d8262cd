import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

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

/** Reads and writes counted apart, per designer + app, in Redis (shared by replicas) or in memory (embedded). */
export class ApiRateLimiter {
  private readonly reads: RateLimiterAbstract;
  private readonly writes: RateLimiterAbstract;
  private readonly limits: RateLimits;

  /** `namespace` separates deployments (or test runs) that share one Redis. */
  constructor(limits: RateLimits, redis?: Redis, namespace = 'boardsync') {
    this.limits = limits;
    const make = (kind: string, points: number): RateLimiterAbstract => {
      const keyPrefix = `${namespace}:rl:${kind}`;
      return redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60 }) : new RateLimiterMemory({ keyPrefix, points, duration: 60 });
    };
    this.reads = make('read', limits.readsPerMinute);
    this.writes = make('write', limits.writesPerMinute);
  }

  async consume(key: string, read: boolean): Promise<RateDecision> {
    const limiter = read ? this.reads : this.writes;
    const limit = read ? this.limits.readsPerMinute : this.limits.writesPerMinute;
    try {
      const result = await limiter.consume(key);
      return { allowed: true, limit, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
    } catch (rejection) {
      // rate-limiter-flexible rejects with a RateLimiterRes when the budget is spent, with an Error when the store fails.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}
