import { z } from 'zod';
import { PING_EVENT } from '../domain/envelope.ts';
import { DELIVERY_STATES } from './delivery-log-requests.ts';

const deliveryId = z.string().describe('The delivery id: the UUID sent as `X-SVC-Delivery` and `webhook-id`, the same on every attempt.');
const answerStatus = z.int().nullable().describe('The HTTP status the receiver answered; null when no complete answer came.');
const errorClass = z
  .string()
  .nullable()
  .describe(
    "Why no answer counted: `timeout`, `connection`, `refused_address` (the URL now resolves to a private address), `unsignable`, `secret_unreadable` (the signing secret opens under none of the service's keys: nothing was sent); else null.",
  );
const excerpt = z.string().nullable().describe('At most 1 KB of the answer’s body, as text; null when it had none.');

/** A delivery as the log lists it, without its body: the presenter is typed by this, and the contract generated from it. */
export const deliveryBody = z
  .object({
    id: deliveryId,
    event: z.string().describe('`components.changed`, `project.updated`, or `webhook.ping`.'),
    status: z.enum(DELIVERY_STATES).describe('`pending` while attempts remain; `succeeded` or `failed` once settled.'),
    attempts: z.int().describe('Attempts in the current series (a redelivery starts again at 0).'),
    in_progress: z.boolean().describe('A worker holds it right now: an attempt may be in flight.'),
    created_at: z.iso.datetime(),
    next_attempt_at: z.iso.datetime().nullable().describe('When a pending delivery is due; null once settled.'),
    last_attempt_at: z.iso.datetime().nullable().describe('The latest attempt’s time; null before any.'),
    last_status: answerStatus,
    last_error_class: errorClass,
  })
  .meta({ id: 'Delivery' });

/** One attempt of a delivery, as the detail's `attempt_log` lists it. */
export const attemptBody = z
  .object({
    attempted_at: z.iso.datetime(),
    status: answerStatus,
    duration_ms: z.int(),
    error_class: errorClass,
    response_excerpt: excerpt,
  })
  .meta({ id: 'DeliveryAttempt' });

/** One delivery with what was sent and every attempt. */
export const deliveryDetailBody = deliveryBody
  .extend({
    payload: z
      .unknown()
      .describe('The envelope sent, `{id, event, created_at, data}`, as parsed JSON: `JSON.stringify(payload)` gives back the exact bytes that were signed.'),
    attempt_log: z.array(attemptBody).describe('Every attempt, oldest first, earlier series included.'),
  })
  .meta({ id: 'DeliveryDetail' });

/** A ping's answer: its one attempt, whatever the receiver said. */
export const pingBody = z.object({
  delivery_id: deliveryId,
  event: z.literal(PING_EVENT),
  attempted_at: z.iso.datetime(),
  status: answerStatus,
  duration_ms: z.int(),
  error_class: errorClass,
  response_excerpt: excerpt,
  succeeded: z.boolean().describe('Whether the receiver answered 2xx; a 500 is still a 200 here, with false.'),
});

export type DeliveryBody = z.infer<typeof deliveryBody>;
export type AttemptBody = z.infer<typeof attemptBody>;
export type DeliveryDetailBody = z.infer<typeof deliveryDetailBody>;
export type PingBody = z.infer<typeof pingBody>;
