import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { InsuranceLimiter } from './insurance-limiter.ts';

/** Where a service's counters live. */
export interface CounterStore {
  /** Shared by replicas; absent (embedded mode), each process counts alone. */
  redis?: Redis | undefined;
  /** Prefix of every key (`REDIS_KEY_PREFIX`), so deployments or test runs can share one Redis without sharing counts. */
  keyPrefix: string;
  /** Told of every call counted in this process's memory because Redis failed (metrics, a rate-limited warning). */
  fallback?: { record(counter: string): void } | undefined;
}

export interface WindowCounterSettings {
  /** Under the store's prefix: keys are `<keyPrefix>:<key>:<counted key>`. */
  key: string;
  /** What `fallback.record` is told; the key by default. */
  label?: string;
  points: number;
  windowSeconds: number;
}

/**
 * A fixed window of `points`, in Redis with an in-memory insurance, or in memory alone. With Redis
 * down each replica counts for itself: limits get looser by the number of replicas for a while,
 * but no call fails for it and no guess slips through uncounted.
 */
export function windowCounter(store: CounterStore, { key, label = key, points, windowSeconds }: WindowCounterSettings): RateLimiterAbstract {
  const options = { keyPrefix: `${store.keyPrefix}:${key}`, points, duration: windowSeconds };
  if (!store.redis) return new RateLimiterMemory(options);
  const { fallback } = store;
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    // A client that is reconnecting fails at once instead of queueing the call until it times out.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceLimiter(options, () => fallback?.record(label)),
  });
}
