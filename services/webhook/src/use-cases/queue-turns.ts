import type { EntityManager } from '@mikro-orm/sql';
import { claimDueDeliveries, heldLease, type ClaimedDelivery, type ClaimLimits, type HeldLease } from '../store/delivery-claim.ts';
import { abandonDelivery, anyDue, extendLeases, releaseLeases } from '../store/delivery-queue.ts';
import { recordAttemptsIn, type AttemptPolicy, type MadeAttempt, type RecordedAttempt } from './record-attempts.ts';

export { heldLease, type ClaimedDelivery, type HeldLease };

/**
 * Every way a delivery worker changes the queue, one transaction or statement each: its turn (lengthen,
 * record, claim), handing claims back, lengthening leases between turns, and dropping a delivery
 * whose webhook was deactivated. The worker (workers/delivery-worker.ts) decides when; this
 * decides what the queue becomes.
 */

/** What one turn of a worker does, in this order. */
export interface Turn {
  /** Deliveries whose sends started since the last turn and still run: their short claim leases become `sendingLeaseMs` long. */
  started: readonly HeldLease[];
  sendingLeaseMs: number;
  /** Attempts answered since the last turn. */
  made: readonly MadeAttempt[];
  /** Undefined when the worker is full or stopping. */
  claim: ClaimLimits | undefined;
  /**
   * Nobody said deliveries were queued since the last claim (a turn for answers, the idle poll),
   * and that claim took fewer than it asked for: claim only if a delivery is due at all, which one
   * cheap read tells.
   */
  claimOnlyIfDue?: boolean;
}

/**
 * A worker's turn, in one transaction: lengthens the leases of the sends it started, records the
 * attempts answered since its last turn (as {@link recordAttempts}), which frees their webhooks'
 * slots, then claims up to `claim.limit` due deliveries.
 */
export async function recordAndClaim(
  em: EntityManager,
  turn: Turn,
  policy: AttemptPolicy,
): Promise<{ recorded: RecordedAttempt[]; claimed: ClaimedDelivery[] }> {
  return em.transactional(async (tx) => {
    // Before recording: recording clears a lease, and one extended after that would hold up a retry.
    await extendLeases(tx, turn.started, turn.sendingLeaseMs);
    const recorded = turn.made.length > 0 ? await recordAttemptsIn(tx, turn.made, policy) : [];
    const { claim } = turn;
    const claiming = claim !== undefined && claim.limit > 0 && (turn.claimOnlyIfDue !== true || (await anyDue(tx)));
    const claimed = claiming ? await claimDueDeliveries(tx, claim) : [];
    return { recorded, claimed };
  });
}

/** Deliveries claimed but not sent go back to the queue now, not when their leases run out. */
export async function handBackClaims(em: EntityManager, deliveries: readonly ClaimedDelivery[]): Promise<void> {
  await releaseLeases(em, deliveries.map(heldLease));
}

/** Sends still in flight keep their deliveries for `leaseMs` more (between turns). */
export async function lengthenLeases(em: EntityManager, leases: readonly HeldLease[], leaseMs: number): Promise<void> {
  await extendLeases(em, leases, leaseMs);
}

/** docs/rules.md "States and transitions": a deactivated webhook gets no more deliveries; one claimed before it stopped is settled unsent. */
export async function dropForInactiveWebhook(em: EntityManager, deliveryId: string): Promise<void> {
  await abandonDelivery(em, deliveryId);
}
