import { defineEntity, p } from '@mikro-orm/core';

/**
 * A tool registered by a designer. Confidential apps keep a client secret (its digest only);
 * public apps (desktop, CLI, mobile) have none and must use PKCE. Until `reviewed`, only the
 * owning designer may authorize it.
 */
export const OAuthAppSchema = defineEntity({
  name: 'OAuthApp',
  tableName: 'oauth_app',
  properties: {
    id: p.integer().primary().autoincrement(),
    clientId: p.string().fieldName('client_id').unique(),
    designerId: p.integer().fieldName('designer_id').index(),
    name: p.string(),
    redirectUris: p.json<string[]>().fieldName('redirect_uris'),
    confidential: p.boolean(),
    clientSecretDigest: p.string().fieldName('client_secret_digest').nullable(),
    reviewed: p.boolean(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  },
});

export class OAuthApp extends OAuthAppSchema.class {}
OAuthAppSchema.setClass(OAuthApp);
