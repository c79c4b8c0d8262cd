import { describe, expect, it } from '@jest/globals';
import { isProblem } from '@boardsync/kit';
import { WorkPool } from '../work-pool.ts';
import { answerFor } from '../../use-cases/adapter-answers.ts';

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A job run in a slot of `pool`, as the image processor and the upload gate take one. */
async function inSlot<T>(pool: WorkPool, job: () => Promise<T>): Promise<T> {
  const leave = await pool.enter();
  try {
    return await job();
  } finally {
    leave();
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('WorkPool', () => {
  it('runs at most `concurrency` jobs at once and starts the waiting ones in order', async () => {
    const pool = new WorkPool({ concurrency: 2, maxQueued: 10 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const results = gates.map((g, index) =>
      inSlot(pool, async () => {
        started.push(index);
        peak = Math.max(peak, ++running);
        await g.promise;
        running--;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect({ active: pool.active, queued: pool.queued }).toEqual({ active: 2, queued: 3 });
    gates[1]?.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect({ active: pool.active, queued: pool.queued }).toEqual({ active: 0, queued: 0 });
  });

  it('refuses past maxQueued with 503 busy and a Retry-After, and recovers when work drains', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 2, retryAfterSeconds: 7 });
    const slow = gate();
    const accepted = [inSlot(pool, () => slow.promise), inSlot(pool, () => slow.promise), inSlot(pool, () => slow.promise)];
    const refused = await inSlot(pool, () => Promise.resolve()).catch((error: unknown) => answerFor(error));
    expect(isProblem(refused) && { status: refused.status, code: refused.code, headers: refused.headers }).toEqual({
      status: 503,
      code: 'busy',
      headers: { 'Retry-After': '7' },
    });
    slow.open();
    await Promise.all(accepted);
    await expect(inSlot(pool, () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('frees a slot once however often it is given back', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 1 });
    const leave = await pool.enter();
    const waiting = pool.enter();
    leave();
    leave();
    const next = await waiting;
    expect({ active: pool.active, queued: pool.queued }).toEqual({ active: 1, queued: 0 });
    next();
    expect(pool.active).toBe(0);
  });

  it('frees the slot of a job that fails', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 0 });
    await expect(inSlot(pool, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(pool.active).toBe(0);
    await expect(inSlot(pool, () => Promise.resolve(1))).resolves.toBe(1);
  });
});
