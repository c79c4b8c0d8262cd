import { describe, expect, it } from '@jest/globals';
import { AnswerCache } from '../answer-cache.ts';
import type { TokenInfo } from '../token-info.ts';

const info = (designerId: number, expiresAt?: number): TokenInfo => ({
  designerId,
  source: 'api:personal',
  scopes: ['projects:read'],
  storageLimitBytes: 1,
  unlockedProjectLimit: 2,
  expiresAt,
});

describe('AnswerCache', () => {
  it('drops every answer of one designer and no one else’s', () => {
    const cache = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 5_000 });
    cache.remember('a1', info(1));
    cache.remember('a2', info(1));
    cache.remember('b1', info(2));
    cache.forgetDesigner(1);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toMatchObject({ designerId: 2 });
    expect(cache.heldFor(1)).toBe(0);
    expect(cache.heldFor(2)).toBe(1);
  });

  it('keeps the designer index in step with LRU eviction', () => {
    const cache = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 0, positiveSize: 2 });
    cache.remember('a1', info(1));
    cache.remember('a2', info(1));
    cache.remember('b1', info(2)); // pushes a1 out
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.heldFor(1)).toBe(1);
    cache.remember('b2', info(2)); // pushes a2 out
    expect(cache.heldFor(1)).toBe(0);
    expect(cache.heldFor(2)).toBe(2);
  });

  it('keeps the designer index in step with revocation and overwrites', () => {
    const cache = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 0 });
    cache.remember('t', info(1));
    cache.remember('t', info(1)); // the same token asked again
    expect(cache.heldFor(1)).toBe(1);
    cache.forgetTokens(['t']);
    expect(cache.heldFor(1)).toBe(0);
    expect(cache.get('t')).toBeUndefined();
  });

  it('unindexes an answer whose lifetime ran out', async () => {
    const cache = new AnswerCache({ positiveTtlMs: 20, negativeTtlMs: 0 });
    cache.remember('t', info(1));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('t')).toBeUndefined();
    expect(cache.heldFor(1)).toBe(0);
  });

  it('never keeps an answer past the token’s own expiry', () => {
    const cache = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 0 });
    cache.remember('gone', info(1, Math.floor(Date.now() / 1000) - 1));
    expect(cache.get('gone')).toBeUndefined();
    expect(cache.heldFor(1)).toBe(0);
  });

  it('remembers inactive answers only when a negative lifetime is set', () => {
    const remembering = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 5_000 });
    remembering.remember('bad', null);
    expect(remembering.get('bad')).toBeNull();
    expect(remembering.getActive('bad')).toBeUndefined();
    const forgetting = new AnswerCache({ positiveTtlMs: 30_000, negativeTtlMs: 0 });
    forgetting.remember('bad', null);
    expect(forgetting.get('bad')).toBeUndefined();
  });
});
