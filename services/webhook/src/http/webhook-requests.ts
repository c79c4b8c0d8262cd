import { z } from 'zod';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../domain/envelope.ts';

/** The `url` column's width; the URL a webhook is called at never grows past it. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
const URL_REQUIRED = 'is required: the public http(s) URL deliveries are POSTed to';
const EVENTS_REQUIRED = `is required: a non-empty array of events out of ${WEBHOOK_EVENTS.join(', ')}`;

/** `{webhook}` in a path: the integer webhook id (anything else is 422, never a lookup, as the catalog's `{project}`). */
export const webhookParam = z.object({ webhook: z.coerce.number().int().positive().max(2_147_483_647) });

export const registerBody = z.object({
  url: z
    .string({ error: URL_REQUIRED })
    .min(1, URL_REQUIRED)
    // Its form (absolute, http or https, no credentials) and its addresses are the outbound client's to judge, so each refusal carries its `reason`.
    .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${String(MAX_WEBHOOK_URL_LENGTH)} characters`),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }), { error: EVENTS_REQUIRED })
    .min(1, EVENTS_REQUIRED)
    // A subscription is a set: the same event twice is once, in the order first named.
    .transform((events): WebhookEvent[] => [...new Set(events)]),
});

export type RegisterRequest = z.infer<typeof registerBody>;
