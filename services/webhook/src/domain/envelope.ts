/** The events a webhook can subscribe to (docs/rules.md "Webhooks"). */
export const WEBHOOK_EVENTS = ['components.changed', 'project.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only on request (`POST /webhooks/{id}/ping`), never subscribed to. */
export const PING_EVENT = 'webhook.ping';

/** Anything a delivery can carry. */
export type DeliveryEvent = WebhookEvent | typeof PING_EVENT;

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

export interface EnvelopeInput {
  deliveryId: string;
  event: DeliveryEvent;
  /** When the event happened; the same on every attempt of the delivery. */
  createdAt: Date;
  data: Readonly<Record<string, unknown>>;
}

/**
 * The body of a delivery (docs/rules.md "Delivery"): `{id, event, created_at, data}` in that order. These are the
 * bytes signed and sent; made once per delivery and stored, so every retry sends the same body.
 */
export function deliveryBody(input: EnvelopeInput): string {
  return `{"id":${JSON.stringify(input.deliveryId)},${bodyAfterId(input)}`;
}

/**
 * A delivery body from its `"event"` on, `"event":…,"created_at":…,"data":…}`: the fan-out's
 * statement writes `{"id":"<uuid>",` before it as it makes each delivery's id, the bytes of
 * {@link deliveryBody} exactly (a UUID's text needs no JSON escaping).
 */
export function bodyAfterId({ event, createdAt, data }: Omit<EnvelopeInput, 'deliveryId'>): string {
  return JSON.stringify({ event, created_at: createdAt.toISOString(), data }).slice(1);
}

/** A body's start as {@link deliveryBody} writes it, up to its `created_at`. */
const UP_TO_CREATED_AT = /^\{"id":"[^"]*","event":"[^"]*","created_at":"([^"]+)"/;

/** When the event a delivery body carries happened (ms since the epoch), or undefined for a body not made by {@link deliveryBody}. */
export function eventTimeOf(body: string): number | undefined {
  const createdAt = UP_TO_CREATED_AT.exec(body)?.[1];
  const time = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return Number.isNaN(time) ? undefined : time;
}
