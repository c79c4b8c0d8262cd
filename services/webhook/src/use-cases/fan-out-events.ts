import type { EntityManager } from '@mikro-orm/sql';
import { bodyAfterId, type WebhookEvent } from '../domain/envelope.ts';
import { queueEventDeliveries } from '../store/event-deliveries.ts';

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
 * registered it or caused the change (docs/rules.md "Events and delivery"), atomically with the events' fan-out marks: an
 * event seen before (a redelivered message) creates nothing. Deliveries are queued in the events'
 * order, so a webhook receives one project's changes in the order they were made. Each delivery's
 * id is its X-SVC-Delivery id and its body the envelope signed and sent on every attempt. Returns
 * how many deliveries were queued.
 */
export function fanOutEvents(em: EntityManager, events: readonly CatalogEvent[]): Promise<number> {
  return queueEventDeliveries(
    em,
    events.map(({ eventId, designerId, event, occurredAt, data, traceparent }) => ({
      eventId,
      designerId,
      event,
      bodyAfterId: bodyAfterId({ event, createdAt: occurredAt, data }),
      traceparent: traceparent ?? null,
    })),
  );
}
