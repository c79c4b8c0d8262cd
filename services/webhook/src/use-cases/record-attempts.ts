import type { EntityManager } from '@mikro-orm/sql';
import { afterAttempt, classifyAttempt, settlementOf, type AttemptOutcome, type FailureState } from '../domain/retry-schedule.ts';
import type { SentAttempt } from '../sending/send-delivery.ts';
import type { DeliveryState } from '../store/entities/delivery.ts';
import { insertAttempts } from '../store/delivery-attempts.ts';
import { abandonPendingDeliveries, existingDeliveries, settleDeliveries, type ClaimedDelivery } from '../store/delivery-queue.ts';
import { lockFailureStates, recordWebhookAttempt } from '../store/webhook-bookkeeping.ts';

export interface AttemptPolicy {
  /** One wait per retry (spec §6: 10 s, 1 min, 5 min, so 4 attempts). */
  retryDelaysMs: readonly number[];
  /** Spec §3: failures in a row that deactivate a webhook. */
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
  /** This attempt was the failure that deactivated the webhook. */
  deactivated: boolean;
  /** Deliveries still queued for the webhook that stopped with it. */
  abandoned: number;
}

/**
 * Records attempts in one transaction, answers in the order given: each attempt's row, its
 * delivery's new state (spec §6 retries), and each webhook's bookkeeping (spec §3), counted
 * attempt by attempt in the order given; the failure that deactivates a webhook also stops every
 * delivery still queued for it. Webhook rows are locked first, in id order, as a webhook's delete
 * takes its locks (webhook, then its deliveries by cascade), so none of these deadlock; a webhook
 * deleted meanwhile leaves nothing to record for its attempts.
 */
export async function recordAttempts(em: EntityManager, made: readonly MadeAttempt[], policy: AttemptPolicy): Promise<RecordedAttempt[]> {
  const judged = made.map(({ delivery, sent }) => {
    const outcome = classifyAttempt(sent);
    return { delivery, sent, outcome, settlement: settlementOf(delivery.attempts, sent, outcome, policy.retryDelaysMs) };
  });
  return em.transactional(async (tx) => {
    const webhooks = await lockFailureStates(
      tx,
      [...new Set(made.map(({ delivery }) => delivery.webhookId))].sort((a, b) => a - b),
    );
    const live = judged.filter(({ delivery }) => webhooks.has(delivery.webhookId));
    const settled = await settleDeliveries(
      tx,
      live.map(({ delivery, settlement }) => ({ id: delivery.id, attemptsBefore: delivery.attempts, settlement })),
    );
    // Not settled: the delivery was stopped meanwhile (its webhook deactivated by another
    // attempt) or is gone. The attempt still happened, so a delivery that exists logs it.
    const unsettled = live.filter(({ delivery }) => !settled.has(delivery.id)).map(({ delivery }) => delivery.id);
    const stillThere = await existingDeliveries(tx, unsettled);
    const logged = live.filter(({ delivery }) => settled.has(delivery.id) || stillThere.has(delivery.id));
    await insertAttempts(
      tx,
      logged.map(({ delivery, sent }) => ({
        deliveryId: delivery.id,
        attemptedAt: sent.attemptedAt,
        durationMs: sent.durationMs,
        status: sent.status ?? null,
        errorClass: sent.errorClass ?? sent.error ?? null,
        responseExcerpt: sent.excerpt,
      })),
    );
    const deactivating = new Set<MadeAttempt>();
    for (const [webhookId, before] of webhooks) {
      const attempts = logged.filter(({ delivery }) => delivery.webhookId === webhookId);
      if (attempts.length === 0) continue;
      let state: FailureState = before;
      let lastStatus: number | null = null;
      for (const attempt of attempts) {
        const next = afterAttempt(state, attempt.outcome, policy.deactivateAfter);
        if (state.isActive && !next.isActive) deactivating.add(attempt);
        state = next;
        // Only a complete answer counts as what the endpoint answered.
        if (attempt.sent.error === undefined && attempt.sent.status !== undefined) lastStatus = attempt.sent.status;
      }
      await recordWebhookAttempt(tx, webhookId, { ...state, lastStatus, succeeded: attempts.some(({ outcome }) => outcome === 'succeeded') });
    }
    const abandoned = new Map<MadeAttempt, number>();
    for (const attempt of deactivating) abandoned.set(attempt, await abandonPendingDeliveries(tx, attempt.delivery.webhookId));
    return judged.map((attempt) => ({
      outcome: attempt.outcome,
      ...(settled.has(attempt.delivery.id) ? { state: attempt.settlement.state } : {}),
      deactivated: deactivating.has(attempt),
      abandoned: abandoned.get(attempt) ?? 0,
    }));
  });
}
