import { defineEntity, p } from '@mikro-orm/core';

/** An event written in the same transaction as the change it describes, waiting to be published. */
export const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_message',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    topic: p.string(),
    messageKey: p.string().fieldName('message_key'),
    payload: p.blob(),
    headers: p.json<Record<string, string>>(),
    lane: p.smallint(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    sentAt: p.datetime().fieldName('sent_at').nullable(),
  },
});

export class OutboxMessage extends OutboxMessageSchema.class {}
OutboxMessageSchema.setClass(OutboxMessage);
