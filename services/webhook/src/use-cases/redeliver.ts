import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { PING_EVENT } from '../domain/envelope.ts';
import { requeueDelivery } from '../store/delivery-queue.ts';
import { findWebhookDelivery, type LoggedDelivery } from '../store/delivery-log.ts';
import type { Webhook } from '../store/entities/webhook.ts';
import { lockFailureState } from '../store/webhook-bookkeeping.ts';
import { findAppWebhook } from '../store/webhooks.ts';

/** 409 for anything that would send to an inactive webhook (spec §3: it gets no deliveries; register again). */
export function webhookInactive(): Problem {
  return Problem.conflict(
    'webhook_inactive',
    'The webhook is inactive (too many failures in a row) and gets no deliveries; register the URL again to receive them.',
  );
}

/** The calling app's webhook for this designer; another app's, another designer's or an absent one is 404. */
export async function ownWebhook(em: EntityManager, principal: Principal, webhookId: number): Promise<Webhook> {
  const webhook = await findAppWebhook(em, { designerId: principal.designerId, app: principal.source }, webhookId);
  if (!webhook) throw Problem.notFound('webhook');
  return webhook;
}

/**
 * Locks the webhook row as an attempt's bookkeeping does (so a deactivation cannot interleave) and
 * checks it still exists and is active.
 */
export async function lockActiveWebhook(tx: EntityManager, webhookId: number): Promise<void> {
  const state = await lockFailureState(tx, webhookId);
  if (state === null) throw Problem.notFound('webhook');
  if (!state.isActive) throw webhookInactive();
}

/**
 * `POST /webhooks/{webhook}/deliveries/{delivery}/redeliver`: a new attempt series for one
 * delivery, whatever its state: the same id and body, pending, due now, its attempt count back to
 * 0 (so the full retry schedule again), no lease. Its earlier attempts stay in the log. A ping
 * is not redelivered (409 `ping_not_redeliverable`: send a new one). 409
 * `delivery_in_progress` while a worker holds its lease (an attempt is being made); 409
 * `webhook_inactive` for an inactive webhook.
 */
export async function redeliver(em: EntityManager, principal: Principal, webhookId: number, deliveryId: string): Promise<LoggedDelivery> {
  const webhook = await ownWebhook(em, principal, webhookId);
  return em.transactional(async (tx) => {
    await lockActiveWebhook(tx, webhook.id);
    const found = await findWebhookDelivery(tx, webhook.id, deliveryId);
    if (!found) throw Problem.notFound('delivery');
    if (found.event === PING_EVENT) throw Problem.conflict('ping_not_redeliverable', 'A ping is sent once and never again; send a new ping instead.');
    const requeued = await requeueDelivery(tx, webhook.id, deliveryId);
    if (requeued.kind === 'absent') throw Problem.notFound('delivery');
    if (requeued.kind === 'in_progress') {
      throw Problem.conflict('delivery_in_progress', 'An attempt of this delivery is being made right now; redeliver it once it has been recorded.');
    }
    const delivery = await findWebhookDelivery(tx, webhook.id, deliveryId);
    if (!delivery) throw Problem.notFound('delivery');
    return delivery;
  });
}
