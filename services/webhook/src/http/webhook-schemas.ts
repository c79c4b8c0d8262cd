import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../domain/envelope.ts';

/** Spec §2 Webhook as listed (never with its secret): the presenter is typed by this, and the contract generated from it. */
export const webhookBody = z
  .object({
    id: z.int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    is_active: z.boolean().describe('False once WEBHOOK_DEACTIVATE_AFTER attempts in a row failed (15 by default); it then gets no deliveries.'),
    last_delivered_at: z.iso.datetime().nullable(),
    last_status: z.int().nullable(),
    consecutive_failures: z.int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });

/** The registration answer: the only one that ever carries the signing secret. */
export const registeredWebhookBody = webhookBody
  .extend({
    secret: z.string().describe('`whsec_` and base64: the key of both signatures. Shown this once; store it.'),
  })
  .meta({ id: 'RegisteredWebhook' });

export type WebhookBody = z.infer<typeof webhookBody>;
export type RegisteredWebhookBody = z.infer<typeof registeredWebhookBody>;
