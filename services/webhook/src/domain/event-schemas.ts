import { z } from 'zod';
import { PING_EVENT, type DeliveryEvent } from './envelope.ts';
import { DEFAULT_USER_AGENT } from './signature.ts';

/** `components.changed` `data` (docs/rules.md "components.changed"), as the fan-out builds it from the catalog's event. */
export const componentsChangedData = z.object({
  project_id: z.int().describe('The project changed.'),
  type: z.string().describe('The component type the write covered; empty when one delete covered several.'),
  created: z.int(),
  updated: z.int(),
  deleted: z.int(),
  components: z
    .array(z.object({ id: z.int(), name: z.string(), type: z.string() }))
    .describe('The rows added or edited; deleted rows are counted, not listed.'),
});

/** `project.updated` `data` (docs/rules.md "project.updated"). */
export const projectUpdatedData = z.object({
  project_id: z.int(),
  changed: z.array(z.string()).describe('The names of the fields whose value really changed, never their values.'),
});

/** `webhook.ping` `data`: sent only on request, to check a receiver. */
export const pingData = z.object({ webhook_id: z.int() });

export type ComponentsChangedData = z.infer<typeof componentsChangedData>;
export type ProjectUpdatedData = z.infer<typeof projectUpdatedData>;

/** The envelope (docs/rules.md "Delivery") around one event's `data`, in the order `deliveryBody` writes it. */
function envelopeOf(event: DeliveryEvent, data: z.ZodObject) {
  return z.object({
    id: z.uuid().describe('The delivery id (also `X-SVC-Delivery` and `webhook-id`): the same on every attempt; dedupe on it.'),
    event: z.literal(event),
    created_at: z.iso.datetime().describe('When the event happened.'),
    data,
  });
}

/** The events of the contract's `webhooks` section, each with the body its deliveries carry. */
export const DELIVERED_EVENTS = [
  {
    event: 'components.changed',
    summary: 'Components of a project were created, updated or deleted',
    description: 'One delivery per write (a batch is one); none for a write that changed nothing. From any source: this API, another app, imports.',
    body: envelopeOf('components.changed', componentsChangedData).meta({
      examples: [
        {
          id: '9b2f1c62-8d0e-4f53-9a47-3c1d2e5f7a80',
          event: 'components.changed',
          created_at: '2026-11-28T10:15:02.417Z',
          data: {
            project_id: 42,
            type: 'card',
            created: 1,
            updated: 1,
            deleted: 0,
            components: [
              { id: 1201, name: 'Squall', type: 'card' },
              { id: 1202, name: 'Doldrums', type: 'card' },
            ],
          },
        },
      ],
    }),
  },
  {
    event: 'project.updated',
    summary: 'A project’s details were edited and at least one field really changed',
    body: envelopeOf('project.updated', projectUpdatedData).meta({
      examples: [
        {
          id: '0d6e4a1b-2c3f-4e5a-8b9c-7d1e2f3a4b5c',
          event: 'project.updated',
          created_at: '2026-11-28T10:16:40.002Z',
          data: { project_id: 42, changed: ['short_description', 'playtime_minutes'] },
        },
      ],
    }),
  },
  {
    event: PING_EVENT,
    summary: 'A test delivery, sent once by `POST /webhooks/{webhook}/ping`',
    body: envelopeOf(PING_EVENT, pingData).meta({
      examples: [{ id: '5a7c9e1f-3b2d-4c6e-9f8a-1b3d5f7a9c2e', event: PING_EVENT, created_at: '2026-11-28T10:17:00.000Z', data: { webhook_id: 17 } }],
    }),
  },
] as const;

/** The headers of every delivery attempt (`signedHeaders`): the `X-SVC-*` of docs/rules.md "Delivery" and the Standard Webhooks triple, one secret for both. */
export const deliveryHeaders = z.object({
  'User-Agent': z.string().describe(`A product token ending in \`-Webhook/1\` (\`${DEFAULT_USER_AGENT}\`).`),
  'X-SVC-Event': z.string().describe('The event name.'),
  'X-SVC-Delivery': z.uuid().describe('The delivery id; equals the body’s `id`.'),
  'X-SVC-Timestamp': z.string().regex(/^\d+$/).describe('Unix seconds of this attempt; reject one older than 300 seconds.'),
  'X-SVC-Signature': z
    .string()
    .regex(/^sha256=[0-9a-f]{64}$/)
    .describe('`sha256=` + hex HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}`, keyed with the secret string as shown (`whsec_…`). Compare in constant time.'),
  'webhook-id': z.uuid().describe('Standard Webhooks: the delivery id.'),
  'webhook-timestamp': z.string().regex(/^\d+$/).describe('Standard Webhooks: Unix seconds of this attempt.'),
  'webhook-signature': z
    .string()
    .describe(
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`.',
    ),
});
