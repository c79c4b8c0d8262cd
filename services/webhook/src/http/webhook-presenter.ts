import { WEBHOOK_EVENTS, type WebhookEvent } from '../domain/envelope.ts';
import type { Webhook } from '../store/entities/webhook.ts';
import type { RegisteredWebhookBody, WebhookBody } from './webhook-schemas.ts';

const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

/** A webhook (docs/rules.md "Webhooks"), without `secret`: what every answer but the creation shows. */
export function presentWebhook(webhook: Webhook): WebhookBody {
  return {
    id: webhook.id,
    url: webhook.url,
    // Stored only from a validated registration; the filter narrows the column's type to the events.
    events: webhook.events.filter((event): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event)),
    is_active: webhook.isActive,
    last_delivered_at: iso(webhook.lastDeliveredAt),
    last_status: webhook.lastStatus ?? null,
    consecutive_failures: webhook.consecutiveFailures,
    created_at: webhook.createdAt.toISOString(),
  };
}

/** The creation answer (docs/rules.md "Webhooks": 201 top-level Webhook): the only one that ever carries the `secret`. */
export function presentRegisteredWebhook(webhook: Webhook, secret: string): RegisteredWebhookBody {
  return { ...presentWebhook(webhook), secret };
}
