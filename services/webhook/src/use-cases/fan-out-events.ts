import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { deliveryBody, type WebhookEvent } from '../domain/envelope.ts';
import { insertDeliveries, markFannedOut, type NewDelivery } from '../store/delivery-queue.ts';
import { subscribedWebhooks, type Subscriber } from '../store/webhooks.ts';

export interface CatalogEvent {
  /** The envelope's event id: a message seen again (at-least-once bus) is fanned out only once. */
  eventId: string;
  designerId: number;
  event: WebhookEvent;
  occurredAt: Date;
  data: Readonly<Record<string, unknown>>;
  /** The trace of the change (its message's process span), which its deliveries' attempts continue. */
  traceparent?: string;
}

/**
 * Queues one delivery per active webhook of the designer subscribed to each event, whichever app
 * registered it or caused the change (spec §6), in one transaction with the events' fan-out marks:
 * an event seen before (a redelivered message) creates nothing. Deliveries are queued in the
 * events' order, so a webhook receives one project's changes in the order they were made. Each
 * delivery's id is its X-SVC-Delivery id and its body the envelope signed and sent on every
 * attempt. Returns how many deliveries were queued.
 */
export async function fanOutEvents(em: EntityManager, events: readonly CatalogEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  return em.transactional(async (tx) => {
    const fresh = await markFannedOut(
      tx,
      events.map((event) => event.eventId),
    );
    // The same event twice in one batch (a producer's retry) is queued once.
    const toQueue = events.filter((event) => fresh.delete(event.eventId));
    const webhooks = await subscribedWebhooks(tx, [...new Set(toQueue.map((event) => event.designerId))], [...new Set(toQueue.map((event) => event.event))]);
    const byDesigner = Map.groupBy(webhooks, (webhook) => webhook.designerId);
    const deliveries = toQueue.flatMap((event) => deliveriesOf(event, byDesigner.get(event.designerId) ?? []));
    await insertDeliveries(tx, deliveries);
    return deliveries.length;
  });
}

/** The event's deliveries to its designer's webhooks (those subscribed to it). */
function deliveriesOf({ event, occurredAt, data, traceparent }: CatalogEvent, designersWebhooks: readonly Subscriber[]): NewDelivery[] {
  return designersWebhooks
    .filter((webhook) => webhook.events.includes(event))
    .map((webhook) => {
      const deliveryId = randomUUID();
      return {
        id: deliveryId,
        webhookId: webhook.id,
        event,
        body: deliveryBody({ deliveryId, event, createdAt: occurredAt, data }),
        traceparent: traceparent ?? null,
      };
    });
}
