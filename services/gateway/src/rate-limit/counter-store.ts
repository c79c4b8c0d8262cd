import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { InsuranceLimiter, type RateLimitFallback } from './fallback.ts';

/** Where the gateway's counters live. */
export interface CounterStore {
  /** Shared by replicas; absent (embedded mode), each process counts alone. */
  redis?: Redis | undefined;
  /** Prefix of every key (`REDIS_KEY_PREFIX`), so deployments or test runs can share one Redis. */
  namespace: string;
  /** Required with Redis: where a failed Redis call is counted instead. */
  fallback?: RateLimitFallback | undefined;
}

/** A fixed one-minute window of `points`, in Redis with an in-memory insurance, or in memory alone. */
export function perMinuteLimiter(store: CounterStore, name: string, points: number): RateLimiterAbstract {
  const options = { keyPrefix: `${store.namespace}:rl:${name}`, points, duration: 60 };
  if (!store.redis) return new RateLimiterMemory(options);
  const { fallback } = store;
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    // A client that is reconnecting fails at once instead of queueing the call until it times out.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceLimiter(options, () => fallback?.record(name)),
  });
}
