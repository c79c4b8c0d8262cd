import { defineEntity, p } from '@mikro-orm/core';

/** One consent of a designer to an app: the scopes granted and the tokens chained from it. */
export const OAuthGrantSchema = defineEntity({
  name: 'OAuthGrant',
  tableName: 'oauth_grant',
  properties: {
    id: p.integer().primary().autoincrement(),
    appId: p.integer().fieldName('app_id').index(),
    designerId: p.integer().fieldName('designer_id').index(),
    scopes: p.json<string[]>(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
  },
});

export class OAuthGrant extends OAuthGrantSchema.class {}
OAuthGrantSchema.setClass(OAuthGrant);
