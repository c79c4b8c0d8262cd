import type { EntityManager } from '@mikro-orm/sql';
import { classifyAttempt, failureRuns, settlementOf, type AttemptOutcome } from '../domain/retry-schedule.ts';
import type { SentAttempt } from '../outbound/send-delivery.ts';
import type { DeliveryState } from '../store/entities/delivery.ts';
import { recordAttemptRows, type WebhookTally } from '../store/attempt-recording.ts';
import type { ClaimedDelivery } from '../store/delivery-claim.ts';
import { abandonPendingDeliveries } from '../store/delivery-queue.ts';

export interface AttemptPolicy {
  /** One wait per retry (docs/rules.md "Delivery": 10 s, 1 min, 5 min, so 4 attempts). */
  retryDelaysMs: readonly number[];
  /** docs/rules.md "States and transitions": failures in a row that deactivate a webhook. */
  deactivateAfter: number;
}

/** One attempt made: the delivery as it was claimed and what the receiver did. */
export interface MadeAttempt {
  delivery: ClaimedDelivery;
  sent: SentAttempt;
}

export interface RecordedAttempt {
  outcome: AttemptOutcome;
  /** The delivery's state now; undefined when it was not settled (stopped meanwhile, or gone). */
  state?: DeliveryState;
  /** The webhook was deactivated by this batch's failures, and this is its last attempt in the batch (one log line per deactivation). */
  deactivated: boolean;
  /** Deliveries still queued for the webhook that stopped with it. */
  abandoned: number;
}

/**
 * Records attempts in one transaction, answers in the order given: each attempt's row, its
 * delivery's new state (retries: docs/rules.md "Delivery"), and each webhook's bookkeeping
 * (docs/rules.md "States and transitions"), counted as attempt by attempt in the order given; the
 * failure that deactivates a webhook also stops every delivery still queued for it. A webhook
 * deleted meanwhile leaves nothing to record for its attempts. (One statement does it all:
 * store/attempt-recording.ts.)
 */
export async function recordAttempts(em: EntityManager, made: readonly MadeAttempt[], policy: AttemptPolicy): Promise<RecordedAttempt[]> {
  return em.transactional((tx) => recordAttemptsIn(tx, made, policy));
}

/** {@link recordAttempts} inside a transaction the caller holds (a worker's turn: delivery-queue.ts). */
export async function recordAttemptsIn(tx: EntityManager, made: readonly MadeAttempt[], policy: AttemptPolicy): Promise<RecordedAttempt[]> {
  const judged = made.map(({ delivery, sent }) => {
    const outcome = classifyAttempt(sent);
    return { delivery, sent, outcome, settlement: settlementOf(delivery.attempts, sent, outcome, policy.retryDelaysMs) };
  });
  const tallies = [...Map.groupBy(judged, ({ delivery }) => delivery.webhookId)].map(([webhookId, attempts]): WebhookTally => {
    // Only a complete answer counts as what the endpoint answered.
    const answered = attempts.filter(({ sent }) => sent.error === undefined && sent.status !== undefined);
    return { webhookId, ...failureRuns(attempts.map(({ outcome }) => outcome)), lastStatus: answered.at(-1)?.sent.status ?? null };
  });
  const { settled, deactivated } = await recordAttemptRows(
    tx,
    judged.map(({ delivery, sent, settlement }) => ({
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      attemptsBefore: delivery.attempts,
      settlement,
      attemptedAt: sent.attemptedAt,
      durationMs: sent.durationMs,
      status: sent.status ?? null,
      errorClass: sent.errorClass ?? sent.error ?? null,
      responseExcerpt: sent.excerpt,
    })),
    tallies,
    policy.deactivateAfter,
  );
  // The failure that deactivates a webhook stops every delivery still queued for it (docs/rules.md "States and transitions").
  const abandoned = new Map<number, number>();
  for (const webhookId of deactivated) abandoned.set(webhookId, await abandonPendingDeliveries(tx, webhookId));
  const lastOf = new Map(judged.map((attempt) => [attempt.delivery.webhookId, attempt]));
  return judged.map((attempt) => {
    // One line per deactivation: the webhook's last attempt in the batch carries it.
    const deactivating = abandoned.has(attempt.delivery.webhookId) && lastOf.get(attempt.delivery.webhookId) === attempt;
    return {
      outcome: attempt.outcome,
      ...(settled.has(attempt.delivery.id) ? { state: attempt.settlement.state } : {}),
      deactivated: deactivating,
      abandoned: deactivating ? (abandoned.get(attempt.delivery.webhookId) ?? 0) : 0,
    };
  });
}
