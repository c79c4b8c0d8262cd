import type { HeldLease } from '../store/delivery-claim.ts';
import { EXTEND_AFTER_MS } from './pacing.ts';

interface Unextended {
  lease: HeldLease;
  /** When it was claimed (performance.now()), which its short claim lease runs from. */
  claimedAt: number;
}

/**
 * Sends in flight still under their short claim leases. A lease is lengthened (a row update) only
 * once its claim is EXTEND_AFTER_MS old: a send to a receiver that answers in time is recorded
 * before then, and never needs it.
 */
export class UnextendedLeases {
  private readonly held = new Map<string, Unextended>();

  add(lease: HeldLease, claimedAt: number): void {
    this.held.set(lease.id, { lease, claimedAt });
  }

  delete(id: string): void {
    this.held.delete(id);
  }

  /** Takes out the leases to lengthen now (claimed EXTEND_AFTER_MS ago or earlier); the others wait for a later turn. */
  takeDue(now = performance.now()): Unextended[] {
    const due = [...this.held.values()].filter(({ claimedAt }) => now - claimedAt >= EXTEND_AFTER_MS);
    for (const { lease } of due) this.held.delete(lease.id);
    return due;
  }

  /** Puts back leases whose lengthening failed, if their sends are still running. */
  putBack(entries: readonly Unextended[], running: (id: string) => boolean): void {
    for (const entry of entries) if (running(entry.lease.id)) this.held.set(entry.lease.id, entry);
  }
}
