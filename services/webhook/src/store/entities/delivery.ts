import { defineEntity, p } from '@mikro-orm/core';

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

/** One event for one webhook; `id` is the X-SVC-Delivery id and `body` the exact bytes signed, the same on every attempt. */
export const DeliverySchema = defineEntity({
  name: 'Delivery',
  tableName: 'delivery',
  properties: {
    id: p.uuid().primary(),
    webhookId: p.integer().fieldName('webhook_id'),
    /** Its webhook's designer, whom the claim is fair between (null only in rows the previous release inserted before the trigger filled it). */
    designerId: p.integer().fieldName('designer_id').nullable(),
    event: p.string().length(64),
    body: p.text(),
    state: p.string().$type<DeliveryState>(),
    attempts: p.integer(),
    nextAttemptAt: p.datetime().fieldName('next_attempt_at').nullable(),
    leasedUntil: p.datetime().fieldName('leased_until').nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Delivery extends DeliverySchema.class {}
DeliverySchema.setClass(Delivery);
