import type { ClaimedDelivery } from '../store/delivery-queue.ts';
import { CLAIM_AHEAD_FRESH_MS } from './pacing.ts';

/**
 * Deliveries claimed ahead of free send slots, in claim order. One that waited longer than
 * CLAIM_AHEAD_FRESH_MS is set aside to be handed back, at the latest at the worker's next turn: a
 * claim is where the webhook's existence and activity are checked (spec §6), and the hand-back
 * must come while its short claim lease is still this worker's.
 */
export class ClaimsAhead {
  private readonly waiting: { delivery: ClaimedDelivery; claimedAt: number }[] = [];
  private readonly stale: ClaimedDelivery[] = [];

  get size(): number {
    return this.waiting.length;
  }

  add(deliveries: readonly ClaimedDelivery[]): void {
    const claimedAt = performance.now();
    for (const delivery of deliveries) this.waiting.push({ delivery, claimedAt });
  }

  /** The oldest one still fresh and when it was claimed, if any (the stale ones before it are set aside). */
  next(): { delivery: ClaimedDelivery; claimedAt: number } | undefined {
    this.setAsideStale();
    return this.waiting.shift();
  }

  /** What to hand back now: the stale ones, or every one when the worker is stopping. */
  takeHandBack(stopping: boolean): ClaimedDelivery[] {
    if (stopping) this.stale.push(...this.waiting.splice(0).map(({ delivery }) => delivery));
    else this.setAsideStale();
    return this.stale.splice(0);
  }

  private setAsideStale(): void {
    const now = performance.now();
    for (let oldest = this.waiting[0]; oldest !== undefined && now - oldest.claimedAt > CLAIM_AHEAD_FRESH_MS; oldest = this.waiting[0]) {
      this.waiting.shift();
      this.stale.push(oldest.delivery);
    }
  }
}
