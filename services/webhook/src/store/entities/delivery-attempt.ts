import { defineEntity, p } from '@mikro-orm/core';

/** One POST of a delivery: when, how long, what the receiver answered (a bounded excerpt) or why it failed. */
export const DeliveryAttemptSchema = defineEntity({
  name: 'DeliveryAttempt',
  tableName: 'delivery_attempt',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    deliveryId: p.uuid().fieldName('delivery_id'),
    attemptedAt: p.datetime().fieldName('attempted_at'),
    durationMs: p.integer().fieldName('duration_ms'),
    status: p.smallint().nullable(),
    errorClass: p.string().length(64).fieldName('error_class').nullable(),
    responseExcerpt: p.text().fieldName('response_excerpt').nullable(),
  },
});

export class DeliveryAttempt extends DeliveryAttemptSchema.class {}
DeliveryAttemptSchema.setClass(DeliveryAttempt);
