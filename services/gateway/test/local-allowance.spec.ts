import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { windowCounter } from '@boardsync/kit/redis';
import { infra, uniqueName } from '@boardsync/kit/testing';
import { LocalAllowance } from '../src/rate-limit/local-allowance.ts';

/**
 * The local allowance (README "Limits") over the real Redis window counter, as replicas share it:
 * a limit of 100 with a batch of 8, under bursts of concurrent calls spread over the replicas.
 */
const POINTS = 100;
const BATCH = 8;

const redis = new Redis(infra.redisUrl);
const allowances: LocalAllowance[] = [];
// The counter does not wait for a client still connecting: it counts in memory instead (README, "Redis down").
beforeAll(() => redis.ping());
afterAll(async () => {
  for (const allowance of allowances) await allowance.close();
  await redis.quit();
});

interface Replicas {
  first: LocalAllowance;
  second: LocalAllowance;
  all: LocalAllowance[];
  sharedCount: (key: string) => Promise<number>;
}

/** `replicas` (≥ 2) allowances over one shared counter (a key prefix of their own), as gateway replicas are. */
function replicasOf(replicas: number, flushEveryMs = 100): Replicas {
  const store = { redis, keyPrefix: uniqueName('allowance') };
  const shared = windowCounter(store, { key: 'rl:read', points: POINTS, windowSeconds: 60 });
  const made = Array.from(
    { length: replicas },
    () => new LocalAllowance(windowCounter(store, { key: 'rl:read', points: POINTS, windowSeconds: 60 }), { points: POINTS, batch: BATCH, flushEveryMs }),
  );
  allowances.push(...made);
  const [first, second] = made;
  if (first === undefined || second === undefined) throw new Error('replicasOf makes two replicas or more');
  return { first, second, all: made, sharedCount: async (key) => (await shared.get(key))?.consumedPoints ?? 0 };
}

/** `calls` calls on `key`, in bursts of `burst` at once, each burst spread over the replicas in turn. */
async function hammer(replicas: LocalAllowance[], key: string, calls: number, burst: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let sent = 0; sent < calls; sent += burst) {
    const answers = await Promise.all(
      Array.from(
        { length: Math.min(burst, calls - sent) },
        (_, i) => replicas[(sent + i) % replicas.length]?.consume(key) ?? Promise.reject(new Error('no replica')),
      ),
    );
    allowed.push(...answers.map((answer) => answer.allowed));
  }
  return allowed;
}

describe('a rate limit counted locally far from the limit, in Redis near it', () => {
  it('lets one replica admit exactly the limit, under concurrent bursts', async () => {
    const { first: replica, sharedCount } = replicasOf(2);
    const allowed = await hammer([replica], 'designer:1', 160, 7);
    expect(allowed.filter(Boolean)).toHaveLength(POINTS);
    // Every call before the first refusal was admitted: never refused early.
    expect(allowed.indexOf(false)).toBe(POINTS);
    await replica.close();
    expect(await sharedCount('designer:1')).toBe(160);
  });

  it('keeps three replicas within (N − 1) × 2 × batch past the limit, and never refuses before the limit', async () => {
    const { all: three, sharedCount } = replicasOf(3);
    const allowed = await hammer(three, 'designer:2', 250, 9);
    const admitted = allowed.filter(Boolean).length;
    expect(admitted).toBeGreaterThanOrEqual(POINTS);
    expect(admitted).toBeLessThanOrEqual(POINTS + 2 * 2 * BATCH);
    expect(allowed.slice(0, POINTS).every(Boolean)).toBe(true);
    for (const replica of three) await replica.close();
    expect(await sharedCount('designer:2')).toBe(250);
  });

  it('lets a replica that has not heard of another replica’s calls admit at most a batch before asking Redis', async () => {
    const { first: heard, second: unaware } = replicasOf(2, 60_000);
    expect((await unaware.consume('designer:5')).allowed).toBe(true); // it knows of 1
    for (let call = 0; call < 95; call += 1) expect((await heard.consume('designer:5')).allowed).toBe(true);
    // A burst in one tick: the unaware replica still believes the count is 1.
    const burst = await Promise.all(Array.from({ length: 50 }, () => unaware.consume('designer:5')));
    const admitted = 1 + 95 + burst.filter((answer) => answer.allowed).length;
    expect(admitted).toBeGreaterThanOrEqual(POINTS);
    expect(admitted).toBeLessThanOrEqual(POINTS + 2 * BATCH);
  });

  it('sends what it admitted to Redis within the flush interval, without being asked again', async () => {
    const { first: replica, sharedCount } = replicasOf(2, 50);
    await replica.consume('designer:3'); // the window's first call asks Redis
    for (let i = 0; i < 3; i += 1) expect((await replica.consume('designer:3')).allowed).toBe(true); // fewer than half a batch: kept here
    expect(await sharedCount('designer:3')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sharedCount('designer:3')).toBe(4);
  });

  it('asks Redis on every call of a limit too small to keep 2 × batch in reserve', async () => {
    const store = { redis, keyPrefix: uniqueName('allowance') };
    const small = new LocalAllowance(windowCounter(store, { key: 'rl:write', points: 10, windowSeconds: 60 }), { points: 10, batch: BATCH });
    allowances.push(small);
    const shared = windowCounter(store, { key: 'rl:write', points: 10, windowSeconds: 60 });
    for (let call = 1; call <= 12; call += 1) {
      const answer = await small.consume('designer:4');
      expect([call, answer.allowed, await shared.get('designer:4').then((res) => res?.consumedPoints)]).toEqual([call, call <= 10, call]);
    }
  });
});
