import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { HeldRequests } from '../held-requests.ts';

describe('HeldRequests', () => {
  it('ends every request held on a revoked token, once, and none of another token', () => {
    const held = new HeldRequests();
    const ended: string[] = [];
    held.track({ digest: 'a', expiresAt: undefined }, () => ended.push('a1'));
    held.track({ digest: 'a', expiresAt: undefined }, () => ended.push('a2'));
    held.track({ digest: 'b', expiresAt: undefined }, () => ended.push('b1'));
    held.endFor(['a']);
    held.endFor(['a']);
    expect(ended).toEqual(['a1', 'a2']);
    expect(held.size).toBe(1);
  });

  it('ends at once a request that reaches it just after its token was revoked (admitted a moment before)', async () => {
    const held = new HeldRequests();
    const ended: string[] = [];
    held.endFor(['late']);
    held.track({ digest: 'late', expiresAt: undefined }, () => ended.push('late'));
    held.track({ digest: 'other', expiresAt: undefined }, () => ended.push('other'));
    await Promise.resolve();
    expect(ended).toEqual(['late']);
    expect(held.size).toBe(1);
  });

  it('forgets a request once it is released: a later revocation does not touch it', () => {
    const held = new HeldRequests();
    const ended: string[] = [];
    const release = held.track({ digest: 'a', expiresAt: undefined }, () => ended.push('a1'));
    release();
    held.endFor(['a']);
    expect(ended).toEqual([]);
    expect(held.size).toBe(0);
  });

  it('ends a request when its token expires, and not before', async () => {
    const held = new HeldRequests();
    const ended: string[] = [];
    held.track({ digest: 'soon', expiresAt: Date.now() / 1000 + 0.2 }, () => ended.push('soon'));
    held.track({ digest: 'later', expiresAt: Date.now() / 1000 + 3600 }, () => ended.push('later'));
    held.track({ digest: 'past', expiresAt: Date.now() / 1000 - 10 }, () => ended.push('past'));
    expect(ended).toEqual([]);
    await sleep(400);
    expect(ended.sort()).toEqual(['past', 'soon']);
    expect(held.size).toBe(1);
  });
});
