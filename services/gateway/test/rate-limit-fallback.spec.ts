import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { freePort, infra, testLogger, uniqueName } from '@boardsync/kit/testing';
import { RateLimitFallback } from '../src/rate-limit/fallback.ts';
import { ApiRateLimiter } from '../src/rate-limit/limiter.ts';
import { GatewayWorld } from './support/world.ts';

const world = new GatewayWorld();
let token: string;
const limits = { readsPerMinute: 3, writesPerMinute: 3 };

beforeAll(async () => {
  await world.start();
  token = (await world.token(await world.designer(), ['projects:read'])).token;
});
afterAll(() => world.stop());

/** Like production: no offline queue, so a call while disconnected fails at once. */
function redisClient(port?: number): Redis {
  const client =
    port === undefined
      ? new Redis(infra.redisUrl, { enableOfflineQueue: false })
      : new Redis({ host: '127.0.0.1', port, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => undefined); // the fallback's warning is what reports it
  return client;
}

const get = (gateway: string, bearer = token) => fetch(`${gateway}/api/v1/projects`, { headers: { authorization: `Bearer ${bearer}` } });
const fallbackWarnings = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.level === 'warn' && String(line.msg).startsWith('Redis unreachable'));

describe('Redis down', () => {
  it('counts per replica in memory, with a warning and a metric, and never answers 500', async () => {
    // A port nothing listens on: Redis is down from the start.
    const redis = redisClient(await freePort());
    try {
      const replica = await world.gatewayReplica(limits, { redis });
      const statuses: number[] = [];
      for (let i = 0; i < limits.readsPerMinute + 1; i++) {
        const response = await get(replica.url);
        statuses.push(response.status);
        if (response.status === 200) expect(response.headers.get('ratelimit-limit')).toBe('3');
      }
      // The limit still holds, counted in this replica's memory.
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The refusal is counted, and every answer carries its route's template (Koa's path and the fast path alike).
      const metrics = await replica.metrics.metrics();
      expect(metrics).toContain('boardsync_gateway_rate_limit_refusals_total{limiter="read",boardsync_service="gateway"} 1');
      expect(metrics).toContain(
        'boardsync_http_request_duration_seconds_count{boardsync_service="gateway",method="GET",route="/api/v1/projects",status="200"} 3',
      );
      expect(metrics).toContain(
        'boardsync_http_request_duration_seconds_count{boardsync_service="gateway",method="GET",route="/api/v1/projects",status="429"} 1',
      );
      // The failure budget falls back too: an unknown token is still a plain 401.
      expect((await get(replica.url, 'bsp_unknown')).status).toBe(401);
      expect(await replica.fallback.total()).toBeGreaterThanOrEqual(limits.readsPerMinute + 1);
      // Warned once, not once a call.
      expect(fallbackWarnings(replica.logger.lines())).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it('falls back when a working client disconnects, and the counter shows on /metrics', async () => {
    const redis = redisClient();
    await new Promise((resolve) => redis.once('ready', resolve));
    try {
      const replica = await world.gatewayReplica({ readsPerMinute: 100, writesPerMinute: 100 }, { redis });
      expect((await get(replica.url)).status).toBe(200);
      expect(await replica.fallback.total()).toBe(0);
      redis.disconnect();
      for (let i = 0; i < 3; i++) expect((await get(replica.url)).status).toBe(200);
      expect(await replica.fallback.total()).toBe(3);
      expect(await replica.metrics.metrics()).toMatch(/boardsync_gateway_rate_limit_fallback_total\{limiter="read"[^}]*\} 3/);
    } finally {
      redis.disconnect();
    }
  });
});

describe('namespaced keys', () => {
  it('lets two deployments share one Redis without sharing counts', async () => {
    const redis = redisClient();
    await new Promise((resolve) => redis.once('ready', resolve));
    try {
      const [first, second] = [uniqueName('deploy'), uniqueName('deploy')];
      const fallback = new RateLimitFallback(testLogger('gateway'), new Registry());
      const limiterOf = (keyPrefix: string) => new ApiRateLimiter(limits, { redis, keyPrefix, fallback });
      const [a, b] = [limiterOf(first), limiterOf(second)];
      for (let i = 0; i < limits.readsPerMinute; i++) expect((await a.consume('7:api:personal', true)).allowed).toBe(true);
      expect((await a.consume('7:api:personal', true)).allowed).toBe(false);
      expect(await b.consume('7:api:personal', true)).toMatchObject({ allowed: true, remaining: limits.readsPerMinute - 1 });
      expect(await redis.keys(`${first}:rl:read:*`)).toEqual([`${first}:rl:read:7:api:personal`]);
      expect(await redis.keys(`${second}:rl:read:*`)).toEqual([`${second}:rl:read:7:api:personal`]);
      expect(await fallback.total()).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
