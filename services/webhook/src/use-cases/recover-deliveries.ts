import type { EntityManager } from '@mikro-orm/sql';
import type { Principal, Remember } from '@boardsync/kit';
import { lockActiveWebhook, ownWebhook } from './webhook-access.ts';
import { requeueFailedDeliveries } from '../store/delivery-queue.ts';

export interface RecoveryWindow {
  since: Date;
  until: Date;
}

/**
 * `POST /webhooks/{webhook}/recover`: every failed delivery of the webhook created in
 * [since, until) starts a new attempt series (as a redelivery: same ids and bodies, due now,
 * attempts back to 0). Succeeded and pending ones are left alone. Returns how many were re-queued.
 */
export async function recoverDeliveries(
  em: EntityManager,
  principal: Principal,
  webhookId: number,
  window: RecoveryWindow,
  remember?: Remember<number>,
): Promise<number> {
  const webhook = await ownWebhook(em, principal, webhookId);
  return em.transactional(async (tx) => {
    await lockActiveWebhook(tx, webhook.id);
    const recovered = await requeueFailedDeliveries(tx, webhook.id, window.since, window.until);
    await remember?.(tx, recovered);
    return recovered;
  });
}
