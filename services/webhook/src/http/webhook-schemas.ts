import { z } from 'zod';
import { named } from '@boardsync/kit/contract';
import { WEBHOOK_EVENTS } from '../domain/envelope.ts';

/** A webhook (docs/rules.md "Webhooks") as listed (never with its secret): the presenter is typed by this, and the contract generated from it. */
const HOOK = {
  id: 3,
  url: 'https://tool.example/hooks/boardsync',
  events: ['components.changed' as const, 'project.updated' as const],
  is_active: true,
  last_delivered_at: '2026-11-24T17:41:06.000Z',
  last_status: 204,
  consecutive_failures: 0,
  created_at: '2026-11-02T09:20:00.000Z',
};

export const webhookBody = named(
  z.object({
    id: z.int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    is_active: z.boolean().describe('False once WEBHOOK_DEACTIVATE_AFTER attempts in a row failed (15 by default); it then gets no deliveries.'),
    last_delivered_at: z.iso.datetime().nullable(),
    last_status: z.int().nullable(),
    consecutive_failures: z.int(),
    created_at: z.iso.datetime(),
  }),
  'Webhook',
  HOOK,
);

/** The registration answer: the only one that ever carries the signing secret. */
export const registeredWebhookBody = named(
  webhookBody.extend({
    secret: z.string().describe('`whsec_` and base64: the key of both signatures. Shown this once; store it.'),
  }),
  'RegisteredWebhook',
  { ...HOOK, last_delivered_at: null, last_status: null, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
);

export type WebhookBody = z.infer<typeof webhookBody>;
export type RegisteredWebhookBody = z.infer<typeof registeredWebhookBody>;
