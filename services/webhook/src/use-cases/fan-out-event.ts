import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { deliveryBody, type WebhookEvent } from '../domain/envelope.ts';
import { insertDeliveries, markFannedOut } from '../store/delivery-queue.ts';
import { subscribedWebhooks } from '../store/webhooks.ts';

export interface CatalogEvent {
  /** The envelope's event id: a message seen again (at-least-once bus) is fanned out only once. */
  eventId: string;
  designerId: number;
  event: WebhookEvent;
  occurredAt: Date;
  data: Readonly<Record<string, unknown>>;
}

/**
 * Queues one delivery per active webhook of the designer subscribed to the event, whichever app
 * registered it or caused the change (spec §6), in one transaction with the event's fan-out mark:
 * a redelivered event creates nothing. Each delivery's id is its X-SVC-Delivery id and its body
 * the envelope signed and sent on every attempt. Returns how many were queued (undefined: the
 * event was already fanned out).
 */
export async function fanOutEvent(em: EntityManager, { eventId, designerId, event, occurredAt, data }: CatalogEvent): Promise<number | undefined> {
  return em.transactional(async (tx) => {
    if (!(await markFannedOut(tx, eventId))) return undefined;
    const webhooks = await subscribedWebhooks(tx, designerId, event);
    const deliveries = webhooks.map((webhook) => {
      const deliveryId = randomUUID();
      return { id: deliveryId, webhookId: webhook.id, event, body: deliveryBody({ deliveryId, event, createdAt: occurredAt, data }) };
    });
    await insertDeliveries(tx, deliveries);
    return deliveries.length;
  });
}
