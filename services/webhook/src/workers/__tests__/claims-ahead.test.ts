import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ClaimedDelivery } from '../../store/delivery-claim.ts';
import { ClaimsAhead } from '../claims-ahead.ts';
import { DesignerShares } from '../designer-shares.ts';
import { CLAIM_AHEAD_FRESH_MS, SLOW_DESIGNER_MEMORY_MS } from '../pacing.ts';

const delivery = (id: string, designerId: number): ClaimedDelivery => ({
  id,
  webhookId: designerId * 10,
  designerId,
  event: 'components.changed',
  body: '{}',
  registrant: 'pat:1',
  attempts: 0,
  url: 'https://receiver.example/',
  secret: 'sealed',
  isActive: true,
  leasedUntil: '2026-11-28 10:00:00+00',
  traceparent: null,
  dueForMs: 0,
});

describe('ClaimsAhead with DesignerShares', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('gives a free slot to the designer with the fewest sends in flight, never one at its share, in claim order within a designer', () => {
    const shares = new DesignerShares(2, 24);
    const ahead = new ClaimsAhead(shares);
    // A backlog of one designer claimed first, then another designer's one delivery.
    ahead.add(['a1', 'a2', 'a3', 'a4'].map((id) => delivery(id, 1)));
    ahead.add([delivery('b1', 2)]);
    const sendNext = (): string | undefined => {
      const next = ahead.next();
      if (next) shares.started(next.delivery.designerId);
      return next?.delivery.id;
    };
    expect(sendNext()).toBe('a1');
    // Designer 2 sends nothing yet, designer 1 one: 2 goes next though claimed after 1's backlog.
    expect(sendNext()).toBe('b1');
    expect(sendNext()).toBe('a2');
    // Designer 1 holds its share (2): its backlog waits, whatever slots are free.
    expect(sendNext()).toBeUndefined();
    shares.finished(1);
    expect(sendNext()).toBe('a3');
    expect(ahead.size).toBe(1);
    expect(ahead.byDesigner()).toEqual(new Map([[1, 1]]));
  });

  it('sets aside what waited past CLAIM_AHEAD_FRESH_MS, says whose it was, and then claims that designer no further ahead than its sends', () => {
    const shares = new DesignerShares(2, 24);
    const ahead = new ClaimsAhead(shares);
    ahead.add([delivery('a1', 1), delivery('a2', 1)]);
    jest.advanceTimersByTime(CLAIM_AHEAD_FRESH_MS / 2);
    ahead.add([delivery('b1', 2)]);
    expect(shares.holdings(ahead.byDesigner())).toEqual([
      { designerId: 1, held: 2, cap: 50 },
      { designerId: 2, held: 1, cap: 50 },
    ]);
    jest.advanceTimersByTime(CLAIM_AHEAD_FRESH_MS / 2 + 1);
    expect(ahead.takeHandBack(false).map(({ id }) => id)).toEqual(['a1', 'a2']);
    expect(shares.holdings(ahead.byDesigner())).toEqual([
      { designerId: 2, held: 1, cap: 50 },
      { designerId: 1, held: 0, cap: 2 },
    ]);
    jest.advanceTimersByTime(SLOW_DESIGNER_MEMORY_MS);
    // Stopping hands back every one left, stale or not.
    expect(ahead.takeHandBack(true).map(({ id }) => id)).toEqual(['b1']);
    expect(shares.holdings(ahead.byDesigner())).toEqual([]);
  });
});
