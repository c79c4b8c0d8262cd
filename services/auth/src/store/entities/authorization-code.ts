import { defineEntity, p } from '@mikro-orm/core';

/**
 * A single-use, short-lived code; `grantId` is set when it is exchanged, so a replay can revoke what
 * it bought, and `replayedAt` when it is presented again, so an exchange still under way buys nothing.
 */
export const AuthorizationCodeSchema = defineEntity({
  name: 'AuthorizationCode',
  tableName: 'authorization_code',
  properties: {
    id: p.integer().primary().autoincrement(),
    codeDigest: p.string().fieldName('code_digest').unique(),
    appId: p.integer().fieldName('app_id'),
    designerId: p.integer().fieldName('designer_id'),
    scopes: p.json<string[]>(),
    redirectUri: p.string().fieldName('redirect_uri'),
    codeChallenge: p.string().fieldName('code_challenge').nullable(),
    codeChallengeMethod: p.string().fieldName('code_challenge_method').nullable(),
    expiresAt: p.datetime().fieldName('expires_at'),
    usedAt: p.datetime().fieldName('used_at').nullable(),
    grantId: p.integer().fieldName('grant_id').nullable(),
    replayedAt: p.datetime().fieldName('replayed_at').nullable(),
  },
});

export class AuthorizationCode extends AuthorizationCodeSchema.class {}
AuthorizationCodeSchema.setClass(AuthorizationCode);
