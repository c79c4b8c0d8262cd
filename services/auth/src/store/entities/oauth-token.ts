import { defineEntity, p } from '@mikro-orm/core';

export type OAuthTokenKind = 'access' | 'refresh';

/**
 * An access or refresh token of a grant, kept as its digest. A refresh token is `rotatedAt` once
 * exchanged; presenting it again is reuse and revokes the whole grant.
 */
export const OAuthTokenSchema = defineEntity({
  name: 'OAuthToken',
  tableName: 'oauth_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    grantId: p.integer().fieldName('grant_id').index(),
    kind: p.string().$type<OAuthTokenKind>(),
    tokenDigest: p.string().fieldName('token_digest').unique(),
    /** The grant's scopes, or fewer when a refresh asked for fewer. */
    scopes: p.json<string[]>(),
    expiresAt: p.datetime().fieldName('expires_at'),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    rotatedAt: p.datetime().fieldName('rotated_at').nullable(),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
  },
});

export class OAuthToken extends OAuthTokenSchema.class {}
OAuthTokenSchema.setClass(OAuthToken);
