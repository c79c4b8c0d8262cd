import { named, withAnswerExample } from '@boardsync/kit/contract';
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

const DELIVERY_ID = '0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10';
const FAILED_ATTEMPT = {
  attempted_at: '2026-11-28T10:15:02.000Z',
  status: 503,
  duration_ms: 212,
  error_class: null,
  response_excerpt: '{"error":"maintenance"}',
};
const PENDING = {
  id: DELIVERY_ID,
  event: 'components.changed',
  status: 'pending' as const,
  attempts: 1,
  in_progress: false,
  created_at: '2026-11-28T10:15:00.000Z',
  next_attempt_at: '2026-11-28T10:15:12.000Z',
  last_attempt_at: '2026-11-28T10:15:02.000Z',
  last_status: 503,
  last_error_class: null,
};

/** A delivery as the log lists it, without its body: the presenter is typed by this, and the contract generated from it. */
const deliveryFields = z.object({
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
});
export const deliveryBody = named(deliveryFields, 'Delivery', PENDING);

/** One attempt of a delivery, as the detail's `attempt_log` lists it. */
export const attemptBody = named(
  z.object({
    attempted_at: z.iso.datetime(),
    status: answerStatus,
    duration_ms: z.int(),
    error_class: errorClass,
    response_excerpt: excerpt,
  }),
  'DeliveryAttempt',
  FAILED_ATTEMPT,
);

/** One delivery with what was sent and every attempt. */
export const deliveryDetailBody = named(
  deliveryFields.extend({
    payload: z
      .unknown()
      .describe('The envelope sent, `{id, event, created_at, data}`, as parsed JSON: `JSON.stringify(payload)` gives back the exact bytes that were signed.'),
    attempt_log: z.array(attemptBody).describe('Every attempt, oldest first, earlier series included.'),
  }),
  'DeliveryDetail',
  {
    ...PENDING,
    payload: { id: DELIVERY_ID, event: 'components.changed', created_at: '2026-11-28T10:15:00.000Z', data: { project_id: 42, type: 'card' } },
    attempt_log: [FAILED_ATTEMPT],
  },
);

/** A ping's answer: its one attempt, whatever the receiver said. */
export const pingBody = withAnswerExample(
  z.object({
    delivery_id: deliveryId,
    event: z.literal(PING_EVENT),
    attempted_at: z.iso.datetime(),
    status: answerStatus,
    duration_ms: z.int(),
    error_class: errorClass,
    response_excerpt: excerpt,
    succeeded: z.boolean().describe('Whether the receiver answered 2xx; a 500 is still a 200 here, with false.'),
  }),
  {
    delivery_id: '5d1e7a90-3c2b-4f6e-8a1d-9b0c4e2f7a31',
    event: 'webhook.ping',
    attempted_at: '2026-11-28T10:20:00.000Z',
    status: 204,
    duration_ms: 38,
    error_class: null,
    response_excerpt: null,
    succeeded: true,
  },
);

export type DeliveryBody = z.infer<typeof deliveryBody>;
export type AttemptBody = z.infer<typeof attemptBody>;
export type DeliveryDetailBody = z.infer<typeof deliveryDetailBody>;
export type PingBody = z.infer<typeof pingBody>;
