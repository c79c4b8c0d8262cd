import { describe, expect, it } from '@jest/globals';
import { WakeSignal } from '../wake-signal.ts';

const LONG = 60_000; // a wait no test sits out: one that is not woken fails by jest's timeout

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('WakeSignal', () => {
  it('keeps a nudge or hint said during a pass: the next wait returns at once, and take() tells which', async () => {
    const wake = new WakeSignal();
    wake.hint();
    await wake.wait(LONG);
    expect(wake.take()).toEqual({ nudged: false, hinted: true });
    wake.nudge();
    await wake.wait(LONG);
    expect(wake.take()).toEqual({ nudged: true, hinted: false });
    expect(wake.take()).toEqual({ nudged: false, hinted: false });
  });

  it('ends a wait in progress on a nudge, a hint or a ring', async () => {
    const wake = new WakeSignal();
    for (const say of [wake.nudge.bind(wake), wake.hint.bind(wake), wake.ring.bind(wake)]) {
      const waiting = wake.wait(LONG);
      expect(await settled(waiting)).toBe(false);
      say();
      await waiting;
      wake.take();
    }
  });

  it('forgets a ring said while nobody waits: the loop’s own state says what it was for', async () => {
    const wake = new WakeSignal();
    wake.ring();
    const waiting = wake.wait(LONG);
    expect(await settled(waiting)).toBe(false);
    wake.ring();
    await waiting;
  });

  it('without heedQueue, waits despite an earlier nudge (backing off), yet a new one still wakes it', async () => {
    const wake = new WakeSignal();
    wake.nudge();
    const waiting = wake.wait(LONG, { heedQueue: false });
    expect(await settled(waiting)).toBe(false);
    wake.nudge();
    await waiting;
    expect(wake.take().nudged).toBe(true);
  });

  it('ends at the timeout, and at once or on abort with a signal', async () => {
    const wake = new WakeSignal();
    await wake.wait(5);
    const stop = new AbortController();
    const waiting = wake.wait(LONG, { signal: stop.signal });
    expect(await settled(waiting)).toBe(false);
    stop.abort();
    await waiting;
    await wake.wait(LONG, { signal: stop.signal });
  });
});
