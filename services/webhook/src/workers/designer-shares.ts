import type { ClaimLimits, DesignerHolding } from '../store/delivery-claim.ts';
import type { ClaimsAhead } from './claims-ahead.ts';
import { SLOW_DESIGNER_MEMORY_MS } from './pacing.ts';

/**
 * Each designer's share of this worker: at most `perDesigner` of its sends in flight at once, so a
 * designer whose receivers are slow holds that many send slots and never the rest; and what the
 * worker may hold of a designer in all (sending, or claimed ahead of a free slot): `perDesigner`
 * times (1 + `aheadFactor`), or only `perDesigner` for a while after deliveries claimed ahead for it
 * went stale waiting for a slot — claiming ahead for a designer whose sends are slow only hands the
 * rows back a second later.
 */
export class DesignerShares {
  private readonly perDesigner: number;
  private readonly aheadFactor: number;
  private readonly sendingByDesigner = new Map<number, number>();
  private readonly slowUntil = new Map<number, number>();

  constructor(perDesigner: number, aheadFactor: number) {
    this.perDesigner = perDesigner;
    this.aheadFactor = aheadFactor;
  }

  /** What a designer this worker holds nothing of may be claimed up to. */
  get defaultCap(): number {
    return this.perDesigner * (1 + this.aheadFactor);
  }

  sendingOf(designerId: number): number {
    return this.sendingByDesigner.get(designerId) ?? 0;
  }

  mayStartSending(designerId: number): boolean {
    return this.sendingOf(designerId) < this.perDesigner;
  }

  started(designerId: number): void {
    this.sendingByDesigner.set(designerId, this.sendingOf(designerId) + 1);
  }

  finished(designerId: number): void {
    const sending = this.sendingOf(designerId) - 1;
    if (sending > 0) this.sendingByDesigner.set(designerId, sending);
    else this.sendingByDesigner.delete(designerId);
  }

  /** Deliveries claimed ahead for the designer waited too long for a slot: claim it no further ahead than its sends for a while. */
  claimsWentStale(designerId: number, now = performance.now()): void {
    this.slowUntil.set(designerId, now + SLOW_DESIGNER_MEMORY_MS);
  }

  /** A claim's limits, with each designer's cap and what the worker holds of it (sending, and in `ahead`). */
  claimLimits(limits: Omit<ClaimLimits, 'perDesigner' | 'holdings'>, ahead: ClaimsAhead): ClaimLimits {
    return { ...limits, perDesigner: this.defaultCap, holdings: this.holdings(ahead.byDesigner()) };
  }

  /** For the claim: every designer this worker holds deliveries of or caps lower, with what it holds (`aheadOf`: claimed ahead) and its cap. */
  holdings(aheadOf: ReadonlyMap<number, number>, now = performance.now()): DesignerHolding[] {
    for (const [designerId, until] of this.slowUntil) if (until <= now) this.slowUntil.delete(designerId);
    const designers = new Set([...this.sendingByDesigner.keys(), ...aheadOf.keys(), ...this.slowUntil.keys()]);
    return [...designers].map((designerId) => ({
      designerId,
      held: this.sendingOf(designerId) + (aheadOf.get(designerId) ?? 0),
      cap: this.slowUntil.has(designerId) ? this.perDesigner : this.defaultCap,
    }));
  }
}
