import { defineEntity, p } from '@mikro-orm/core';

export type InactiveReason = 'failures' | 'consent_withdrawn';

/** A receiver one app registered for one designer. Never edited: delete and register again. */
export const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhook',
  properties: {
    id: p.integer().primary().autoincrement(),
    designerId: p.integer().fieldName('designer_id'),
    /** The registering app's source tag (`api:{client_id}` or `api:personal`): only it sees or deletes this webhook. */
    app: p.string(),
    /** The consent it was registered under (store/consents.ts): it receives data only while that stands. */
    registrant: p.text(),
    url: p.string().length(2048),
    events: p.array(),
    /** Sealed under WEBHOOK_SECRET_KEYS (domain/secret-keyring.ts); never the bare secret. */
    secret: p.text(),
    isActive: p.boolean().fieldName('is_active'),
    /** Why it stopped: `failures` (15 in a row) or `consent_withdrawn`; null while active. */
    inactiveReason: p.string().$type<InactiveReason>().fieldName('inactive_reason').nullable(),
    lastDeliveredAt: p.datetime().fieldName('last_delivered_at').nullable(),
    lastStatus: p.smallint().fieldName('last_status').nullable(),
    consecutiveFailures: p.integer().fieldName('consecutive_failures'),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  },
});

export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);
