import type { Webhook } from '../store/entities/webhook.ts';

const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

/** Spec §2 Webhook, without `secret`: what every answer but the creation shows. */
export function presentWebhook(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    is_active: webhook.isActive,
    last_delivered_at: iso(webhook.lastDeliveredAt),
    last_status: webhook.lastStatus ?? null,
    consecutive_failures: webhook.consecutiveFailures,
    created_at: iso(webhook.createdAt),
  };
}

/** The creation answer (spec §4: 201 top-level Webhook): the only one that ever carries the `secret`. */
export function presentRegisteredWebhook(webhook: Webhook, secret: string) {
  return { ...presentWebhook(webhook), secret };
}
