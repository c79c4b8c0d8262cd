import { defineEntity, p } from '@mikro-orm/core';

/** A signed-in browser: the cookie holds a random id, the table only its digest. */
export const WebSessionSchema = defineEntity({
  name: 'WebSession',
  tableName: 'web_session',
  properties: {
    id: p.integer().primary().autoincrement(),
    sessionDigest: p.string().fieldName('session_digest').unique(),
    designerId: p.integer().fieldName('designer_id').index(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    expiresAt: p.datetime().fieldName('expires_at'),
  },
});

export class WebSession extends WebSessionSchema.class {}
WebSessionSchema.setClass(WebSession);
