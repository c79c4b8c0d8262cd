import type { Database } from '@boardsync/kit';
import { claimDueDeliveries, heldLease, type ClaimedDelivery, type ClaimLimits, type HeldLease } from '../store/delivery-claim.ts';
import { pruneDeliveries } from '../store/delivery-log.ts';
import { abandonDelivery, anyDue, extendLeases, releaseLeases } from '../store/delivery-queue.ts';
import { recordAttempts, recordAttemptsIn, type AttemptPolicy, type MadeAttempt, type RecordedAttempt } from './record-attempts.ts';

export { heldLease, type ClaimedDelivery, type HeldLease };

/** What one turn of a worker does, in this order. */
export interface Turn {
  /** Deliveries whose sends started since the last turn and still run: their short claim leases become `sendingLeaseMs` long. */
  started: readonly HeldLease[];
  sendingLeaseMs: number;
  /** Attempts answered since the last turn: each completes its delivery or fails it, by the retry schedule. */
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

export interface TurnResult {
  /** In the order of `made`. */
  recorded: RecordedAttempt[];
  claimed: ClaimedDelivery[];
}

/**
 * The delivery queue as its consumers drive it: claim due deliveries under leases, complete or
 * fail each attempt (the retry schedule decides which, and when the next is due), hand claims back,
 * lengthen the leases of sends in flight, settle one unsent, prune what retention lets go. Its
 * producers are the fan-out (fan-out-events.ts) and redelivery (redeliver.ts,
 * recover-deliveries.ts). One transaction or statement per call. One implementation, over the
 * service's database: the same SQL runs on Postgres and on PGlite (the embedded mode), and
 * test/delivery-queue.contract.spec.ts holds both to this contract. The worker
 * (workers/delivery-worker.ts) decides when; this decides what the queue becomes.
 */
export class DeliveryQueue {
  private readonly orm: Database;
  private readonly policy: AttemptPolicy;

  constructor(orm: Database, policy: AttemptPolicy) {
    this.orm = orm;
    this.policy = policy;
  }

  /**
   * A worker's turn, in one transaction: lengthens the leases of the sends it started, records the
   * attempts answered since its last turn (which frees their webhooks' slots), then claims up to
   * `claim.limit` due deliveries.
   */
  async turn(turn: Turn): Promise<TurnResult> {
    // Awaited here, so a stack taken inside shows the worker that called.
    return await this.orm.em.fork().transactional(async (tx) => {
      // Before recording: recording clears a lease, and one extended after that would hold up a retry.
      await extendLeases(tx, turn.started, turn.sendingLeaseMs);
      const recorded = turn.made.length > 0 ? await recordAttemptsIn(tx, turn.made, this.policy) : [];
      const { claim } = turn;
      const claiming = claim !== undefined && claim.limit > 0 && (turn.claimOnlyIfDue !== true || (await anyDue(tx)));
      const claimed = claiming ? await claimDueDeliveries(tx, claim) : [];
      return { recorded, claimed };
    });
  }

  /** Attempts recorded in a transaction of their own, as a turn records them (after a turn failed: one that cannot be recorded must not cost the others). */
  async record(made: readonly MadeAttempt[]): Promise<RecordedAttempt[]> {
    return recordAttempts(this.orm.em.fork(), made, this.policy);
  }

  /** Deliveries claimed but not sent go back to the queue, due again at once, not when their leases run out. */
  async handBack(deliveries: readonly ClaimedDelivery[]): Promise<void> {
    await releaseLeases(this.orm.em.fork(), deliveries.map(heldLease));
  }

  /** Sends still in flight keep their deliveries for `leaseMs` more (between turns). */
  async lengthen(leases: readonly HeldLease[], leaseMs: number): Promise<void> {
    await extendLeases(this.orm.em.fork(), leases, leaseMs);
  }

  /** docs/rules.md "States and transitions": a deactivated webhook gets no more deliveries; one claimed before it stopped is settled unsent. */
  async settleUnsent(deliveryId: string): Promise<void> {
    await abandonDelivery(this.orm.em.fork(), deliveryId);
  }

  /** Deletes settled deliveries (and their attempts) older than `retentionDays`; pending ones stay whatever their age. Returns how many went. */
  async prune(retentionDays: number, batchSize?: number): Promise<number> {
    return pruneDeliveries(this.orm.em.fork(), retentionDays, batchSize);
  }
}
