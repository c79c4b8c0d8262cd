import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { windowCounter, type CounterStore } from '@boardsync/kit/redis';
import { LocalAllowance, increment, type Counted } from './local-allowance.ts';
import type { RateLimitRefusals } from './refusals.ts';

export interface RateLimits {
  readsPerMinute: number;
  writesPerMinute: number;
  /**
   * `RATE_LIMIT_LOCAL_BATCH`: calls a replica may admit before Redis counts them, when Redis is
   * there (see LocalAllowance for the bound it sets); 0 asks Redis on every call.
   */
  localBatch?: number;
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
  private readonly reads: Count;
  private readonly writes: Count;
  private readonly limits: RateLimits;
  private readonly refusals: RateLimitRefusals | undefined;

  constructor(limits: RateLimits, store: CounterStore, refusals?: RateLimitRefusals) {
    this.limits = limits;
    this.refusals = refusals;
    const batch = store.redis ? (limits.localBatch ?? 0) : 0;
    this.reads = count(perMinuteCounter(store, 'read', limits.readsPerMinute), limits.readsPerMinute, batch);
    this.writes = count(perMinuteCounter(store, 'write', limits.writesPerMinute), limits.writesPerMinute, batch);
  }

  async consume(key: string, read: boolean): Promise<RateDecision> {
    const limiter = read ? this.reads : this.writes;
    const limit = read ? this.limits.readsPerMinute : this.limits.writesPerMinute;
    const counted = await limiter.consume(key);
    const resetSeconds = Math.ceil(counted.msBeforeNext / 1000);
    if (counted.allowed) return { allowed: true, limit, remaining: Math.max(0, limit - counted.consumed), resetSeconds };
    this.refusals?.record(read ? 'read' : 'write');
    return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, resetSeconds) };
  }

  /** Sends the counts admitted here that Redis has not seen yet; for shutdown. */
  async close(): Promise<void> {
    await Promise.all([this.reads.close?.(), this.writes.close?.()]);
  }
}

interface Count {
  consume(key: string): Promise<Counted>;
  close?(): Promise<void>;
}

function count(shared: RateLimiterAbstract, points: number, batch: number): Count {
  if (batch > 0) return new LocalAllowance(shared, { points, batch });
  return {
    async consume(key) {
      const { allowed, result } = await increment(shared, key);
      return { allowed, consumed: result.consumedPoints, msBeforeNext: result.msBeforeNext };
    },
  };
}

/** A one-minute window under `<prefix>:rl:<name>`, reported to the fallback metric by its name. */
export function perMinuteCounter(store: CounterStore, name: string, points: number): RateLimiterAbstract {
  return windowCounter(store, { key: `rl:${name}`, label: name, points, windowSeconds: 60 });
}
