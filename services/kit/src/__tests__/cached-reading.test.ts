import { describe, expect, it } from '@jest/globals';
import { CachedReading } from '../cached-reading.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Readings numbered 1, 2, 3 …, read every time (maxAgeMs 0, waitMs 20); the second lands only on `release()`. */
function slowSecondReading(): { reading: CachedReading<number>; release: () => void; reads: () => number } {
  let reads = 0;
  let landed: (() => void) | undefined;
  const reading = new CachedReading(
    async () => {
      reads++;
      if (reads === 2) await new Promise<void>((resolve) => (landed = resolve));
      return reads;
    },
    { maxAgeMs: 0, waitMs: 20 },
  );
  return { reading, release: () => landed?.(), reads: () => reads };
}

describe('CachedReading', () => {
  it('reads once per maxAgeMs however often it is asked', async () => {
    let reads = 0;
    const reading = new CachedReading(() => Promise.resolve(++reads), { maxAgeMs: 60_000 });
    expect(await Promise.all([reading.get(), reading.get(), reading.get()])).toEqual([1, 1, 1]);
    expect(await reading.get()).toBe(1);
    expect(reads).toBe(1);
  });

  it('reads again once the value is older than maxAgeMs', async () => {
    let reads = 0;
    const reading = new CachedReading(() => Promise.resolve(++reads), { maxAgeMs: 20 });
    expect(await reading.get()).toBe(1);
    await sleep(30);
    expect(await reading.get()).toBe(2);
  });

  it('waits at most waitMs for a slow reading, then gives the previous value; one reading at a time', async () => {
    const { reading, release, reads } = slowSecondReading();
    expect(await reading.get()).toBe(1);
    const started = Date.now();
    expect(await reading.get()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await reading.get()).toBe(1);
    expect(reads()).toBe(2);
    release();
    await sleep(5);
    // The slow reading has landed; this scrape's own (quick) reading is newer still.
    expect(await reading.get()).toBe(3);
  });

  it('gives every caller of one refresh the same value, however late it lands: the gauges of one scrape agree', async () => {
    const { reading, release } = slowSecondReading();
    expect(await reading.get()).toBe(1);
    expect(await reading.get()).toBe(1); // the second reading is late: the previous value
    const second = reading.get(); // the next gauge of the same scrape, asked just before that reading lands
    release();
    expect(await second).toBe(1);
    await sleep(5);
    expect(await reading.get()).toBe(3); // the next scrape: the second reading landed, and this one's own is newer still
  });

  it('keeps the previous value when a reading fails, and reports the failure once until one succeeds', async () => {
    const errors: unknown[] = [];
    let fail = false;
    let reads = 0;
    const reading = new CachedReading(
      () => {
        reads++;
        return fail ? Promise.reject(new Error('database away')) : Promise.resolve(reads);
      },
      { maxAgeMs: 0, onError: (error) => errors.push(error) },
    );
    expect(await reading.get()).toBe(1);
    fail = true;
    expect(await reading.get()).toBe(1);
    expect(await reading.get()).toBe(1);
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await reading.get()).toBe(4);
    fail = true;
    await reading.get();
    expect(errors).toHaveLength(2);
  });

  it('has no value before a reading succeeded', async () => {
    const reading = new CachedReading<number>(() => Promise.reject(new Error('no')));
    expect(await reading.get()).toBeUndefined();
  });
});
