import { defineEntity, p } from '@mikro-orm/core';

/** A personal access token: only its SHA-256 digest is kept; the token itself is shown once. */
export const PersonalTokenSchema = defineEntity({
  name: 'PersonalToken',
  tableName: 'personal_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    designerId: p.integer().fieldName('designer_id').index(),
    name: p.string(),
    tokenDigest: p.string().fieldName('token_digest').unique(),
    scopes: p.json<string[]>(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
  },
});

export class PersonalToken extends PersonalTokenSchema.class {}
PersonalTokenSchema.setClass(PersonalToken);
