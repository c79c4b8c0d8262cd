/**
 * Counters shared by replicas through Redis, with an in-memory fallback: `@boardsync/kit/redis`,
 * for the services that count (the gateway's rate limits, auth's throttles), so the others never load ioredis.
 */
export { connectRedis, type RedisConnection } from './counters/redis-client.ts';
export { windowCounter, type CounterStore, type WindowCounterSettings } from './counters/window-counter.ts';
