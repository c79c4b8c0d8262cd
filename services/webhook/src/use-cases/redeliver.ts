import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal, type Remember } from '@boardsync/kit';
import { lockActiveWebhook, ownWebhook } from './webhook-access.ts';
import { PING_EVENT } from '../domain/envelope.ts';
import { requeueDelivery } from '../store/delivery-queue.ts';
import { findWebhookDelivery, type LoggedDelivery } from '../store/delivery-log.ts';

/**
 * `POST /webhooks/{webhook}/deliveries/{delivery}/redeliver`: a new attempt series for one
 * delivery, whatever its state: the same id and body, pending, due now, its attempt count back to
 * 0 (so the full retry schedule again), no lease. Its earlier attempts stay in the log. A ping
 * is not redelivered (409 `ping_not_redeliverable`: send a new one). 409
 * `delivery_in_progress` while a worker holds its lease (an attempt is being made); 409
 * `webhook_inactive` for an inactive webhook.
 */
export async function redeliver(
  em: EntityManager,
  principal: Principal,
  webhookId: number,
  deliveryId: string,
  remember?: Remember<LoggedDelivery>,
): Promise<LoggedDelivery> {
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
    await remember?.(tx, delivery);
    return delivery;
  });
}
