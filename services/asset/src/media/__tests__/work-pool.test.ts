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

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('WorkPool', () => {
  it('runs at most `concurrency` jobs at once and starts the waiting ones in order', async () => {
    const pool = new WorkPool({ concurrency: 2, maxQueued: 10 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const results = gates.map((g, index) =>
      pool.run(async () => {
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
    const accepted = [pool.run(() => slow.promise), pool.run(() => slow.promise), pool.run(() => slow.promise)];
    const refused = await pool.run(() => Promise.resolve()).catch((error: unknown) => answerFor(error));
    expect(isProblem(refused) && { status: refused.status, code: refused.code, headers: refused.headers }).toEqual({
      status: 503,
      code: 'busy',
      headers: { 'Retry-After': '7' },
    });
    slow.open();
    await Promise.all(accepted);
    await expect(pool.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('frees the slot of a job that fails', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 0 });
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(pool.active).toBe(0);
    await expect(pool.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
