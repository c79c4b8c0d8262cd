import type { EntityManager } from '@mikro-orm/sql';
import { afterAttempt, classifyAttempt, settlementOf, type AttemptOutcome } from '../domain/retry-schedule.ts';
import type { SentAttempt } from '../sending/send-delivery.ts';
import type { DeliveryState } from '../store/entities/delivery.ts';
import { insertAttempt } from '../store/delivery-attempts.ts';
import { abandonPendingDeliveries, deliveryExists, settleDelivery, type ClaimedDelivery } from '../store/delivery-queue.ts';
import { lockFailureState, recordWebhookAttempt } from '../store/webhook-bookkeeping.ts';

export interface AttemptPolicy {
  /** One wait per retry (spec §6: 10 s, 1 min, 5 min, so 4 attempts). */
  retryDelaysMs: readonly number[];
  /** Spec §3: failures in a row that deactivate a webhook. */
  deactivateAfter: number;
}

export interface RecordedAttempt {
  outcome: AttemptOutcome;
  /** The delivery's state now; undefined when nothing was recorded (its webhook or the delivery is gone). */
  state?: DeliveryState;
  /** This attempt was the failure that deactivated the webhook. */
  deactivated: boolean;
  /** Deliveries still queued for the webhook that stopped with it. */
  abandoned: number;
}

/**
 * Records one attempt in one transaction: the attempt row, the delivery's new state (spec §6
 * retries), and the webhook's bookkeeping (spec §3); the failure that deactivates a webhook also
 * stops every delivery still queued for it. The webhook row is locked first, in the order a
 * webhook's delete takes its locks (webhook, then its deliveries by cascade), so the two never
 * deadlock; a webhook deleted meanwhile leaves nothing to record.
 */
export async function recordAttempt(em: EntityManager, delivery: ClaimedDelivery, sent: SentAttempt, policy: AttemptPolicy): Promise<RecordedAttempt> {
  const outcome = classifyAttempt(sent);
  const settlement = settlementOf(delivery.attempts, sent, outcome, policy.retryDelaysMs);
  return em.transactional(async (tx) => {
    const nothing: RecordedAttempt = { outcome, deactivated: false, abandoned: 0 };
    const before = await lockFailureState(tx, delivery.webhookId);
    if (before === null) return nothing;
    // Not settled: the delivery was stopped meanwhile (its webhook deactivated by another
    // attempt) or is gone. The attempt still happened, so a delivery that exists logs it.
    const settled = await settleDelivery(tx, delivery.id, delivery.attempts, settlement);
    if (!settled && !(await deliveryExists(tx, delivery.id))) return nothing;
    await insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt: sent.attemptedAt,
      durationMs: sent.durationMs,
      status: sent.status ?? null,
      errorClass: sent.errorClass ?? sent.error ?? null,
      responseExcerpt: sent.excerpt,
    });
    const after = afterAttempt(before, outcome, policy.deactivateAfter);
    await recordWebhookAttempt(tx, delivery.webhookId, {
      ...after,
      // Only a complete answer counts as what the endpoint answered.
      lastStatus: sent.error === undefined ? (sent.status ?? null) : null,
      succeeded: outcome === 'succeeded',
    });
    const deactivated = before.isActive && !after.isActive;
    const abandoned = deactivated ? await abandonPendingDeliveries(tx, delivery.webhookId) : 0;
    return { outcome, ...(settled ? { state: settlement.state } : {}), deactivated, abandoned };
  });
}
