import { describe, expect, it } from '@jest/globals';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { giveBackOne } from '@boardsync/kit';
import { FailureThrottle } from '../failure-throttle.ts';
import { clientKey } from '../throttles.ts';

const budgets = {
  account: { failures: 3, windowSeconds: 60, onSuccess: 'reset' },
  ip: { failures: 5, windowSeconds: 60, onSuccess: 'keep' },
} as const;

const throttle = (): FailureThrottle<'account' | 'ip'> => new FailureThrottle('unit', budgets, { keyPrefix: `unit-${String(Math.random())}` });

async function failures(subject: FailureThrottle<'account' | 'ip'>, keys: { account?: string; ip: string }, times: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < times; i++) allowed.push((await subject.attempt(keys)).allowed);
  return allowed;
}

describe('FailureThrottle', () => {
  it('never gives back below zero, so a refund after a window ended buys no extra attempt', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    await giveBackOne(limiter, 'fresh'); // no count yet: a plain reward would start the key at -1
    await limiter.consume('fresh');
    await limiter.consume('fresh');
    await expect(limiter.consume('fresh')).rejects.toBeDefined();
  });

  it('keeps a refusing budget spent and gives the others their reservation back', async () => {
    const subject = throttle();
    expect(await failures(subject, { account: 'a', ip: '203.0.113.1' }, 3)).toEqual([true, true, true]);
    // Refused by the account: the address's reservation for this attempt goes back each time.
    expect(await failures(subject, { account: 'a', ip: '203.0.113.1' }, 4)).toEqual([false, false, false, false]);
    // So the address still has 2 of its 5, spent on other accounts.
    expect(await failures(subject, { account: 'b', ip: '203.0.113.1' }, 3)).toEqual([true, true, false]);
  });

  it('release() neither counts the attempt nor forgets earlier failures', async () => {
    const subject = throttle();
    expect(await failures(subject, { account: 'c', ip: '203.0.113.2' }, 2)).toEqual([true, true]);
    const attempt = await subject.attempt({ account: 'c', ip: '203.0.113.2' });
    if (!attempt.allowed) throw new Error('expected an allowed attempt');
    await attempt.release(); // our own failure (a database away): not the designer's
    expect(await failures(subject, { account: 'c', ip: '203.0.113.2' }, 2)).toEqual([true, false]);
  });

  it('counts IPv6 clients per /64, as the gateway does', () => {
    const ip = clientKey;
    expect(ip('2001:db8:1:2::1')).toBe(ip('2001:db8:1:2:abcd::9'));
    expect(ip('2001:db8:1:3::1')).not.toBe(ip('2001:db8:1:2::1'));
    expect(ip('203.0.113.7')).toBe('203.0.113.7');
  });
});
