import type { ClaimedDelivery } from '../store/delivery-claim.ts';
import { CLAIM_AHEAD_FRESH_MS } from './pacing.ts';

interface Waiting {
  delivery: ClaimedDelivery;
  claimedAt: number;
}

/** What the designers' shares say about sending (designer-shares.ts). */
export interface SendShares {
  mayStartSending(designerId: number): boolean;
  sendingOf(designerId: number): number;
  /** Deliveries of the designer claimed ahead went stale waiting for a send slot. */
  claimsWentStale(designerId: number): void;
}

/**
 * Deliveries claimed ahead of free send slots, in claim order per designer. A free slot goes to the
 * designer with the fewest sends in flight among those that may start one (ties: the longest
 * waiting), so a designer's deliveries claimed behind another's backlog are not sent after it. One
 * that waited longer than CLAIM_AHEAD_FRESH_MS is set aside to be handed back, at the latest at the
 * worker's next turn: a claim is where the webhook's existence and activity are checked (docs/rules.md "Delivery"),
 * and the hand-back must come while its short claim lease is still this worker's.
 */
export class ClaimsAhead {
  private readonly waiting = new Map<number, Waiting[]>();
  private readonly stale: ClaimedDelivery[] = [];
  private count = 0;
  private readonly shares: SendShares;

  constructor(shares: SendShares) {
    this.shares = shares;
  }

  get size(): number {
    return this.count;
  }

  /** How many of each designer's deliveries wait here. */
  byDesigner(): Map<number, number> {
    return new Map([...this.waiting].map(([designerId, queue]) => [designerId, queue.length]));
  }

  add(deliveries: readonly ClaimedDelivery[]): void {
    const claimedAt = performance.now();
    for (const delivery of deliveries) {
      const queue = this.waiting.get(delivery.designerId);
      if (queue) queue.push({ delivery, claimedAt });
      else this.waiting.set(delivery.designerId, [{ delivery, claimedAt }]);
      this.count++;
    }
  }

  /**
   * The next delivery to send and when it was claimed: the oldest still fresh of the designer, among
   * those its share lets start one, with the fewest sends in flight (the stale ones are set aside first).
   */
  next(): Waiting | undefined {
    this.setAsideStale();
    let chosen: { designerId: number; sending: number; claimedAt: number } | undefined;
    for (const [designerId, queue] of this.waiting) {
      const head = queue[0];
      if (head === undefined || !this.shares.mayStartSending(designerId)) continue;
      const sending = this.shares.sendingOf(designerId);
      if (chosen === undefined || sending < chosen.sending || (sending === chosen.sending && head.claimedAt < chosen.claimedAt)) {
        chosen = { designerId, sending, claimedAt: head.claimedAt };
      }
    }
    return chosen === undefined ? undefined : this.take(chosen.designerId);
  }

  /** What to hand back now: the stale ones, or every one when the worker is stopping. */
  takeHandBack(stopping: boolean): ClaimedDelivery[] {
    if (stopping) {
      for (const designerId of [...this.waiting.keys()]) {
        for (let taken = this.take(designerId); taken !== undefined; taken = this.take(designerId)) this.stale.push(taken.delivery);
      }
    } else this.setAsideStale();
    return this.stale.splice(0);
  }

  private take(designerId: number): Waiting | undefined {
    const queue = this.waiting.get(designerId);
    const taken = queue?.shift();
    if (taken === undefined) return undefined;
    this.count--;
    if (queue?.length === 0) this.waiting.delete(designerId);
    return taken;
  }

  private setAsideStale(): void {
    const now = performance.now();
    for (const designerId of [...this.waiting.keys()]) {
      let wentStale = false;
      for (
        let head = this.waiting.get(designerId)?.[0];
        head !== undefined && now - head.claimedAt > CLAIM_AHEAD_FRESH_MS;
        head = this.waiting.get(designerId)?.[0]
      ) {
        const taken = this.take(designerId);
        if (taken) this.stale.push(taken.delivery);
        wentStale = true;
      }
      if (wentStale) this.shares.claimsWentStale(designerId);
    }
  }
}
