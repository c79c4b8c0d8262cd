import { INTERNAL_PRINCIPAL_HEADER, Problem, principalOf, type Database } from '@boardsync/kit';
import { problemSchema, type Operation } from '@boardsync/kit/contract';
import { PeerUnavailable } from '@boardsync/kit/peer-requests';
import { presentAccount } from '../domain/account.ts';
import type { AccountFacts } from '../outbound/account-facts.ts';
import { findDesigner } from '../store/designers.ts';
import { accountBody, type AccountBody } from './me-schemas.ts';

/** What every auth operation's handler is given. */
export interface AuthApi {
  orm: Database;
  /** Project counts and stored bytes, from the services that own them. */
  facts: AccountFacts;
}

export type AuthOperation = Operation<AuthApi>;

function factsUnavailable(error: PeerUnavailable): Problem {
  return Problem.unavailable(`Account facts are unavailable right now (${error.service}); try again shortly.`, error);
}

/** docs/rules.md "Account": `GET /me`, the account, its quota and project facts, and the calling token. */
export const meOperations: AuthOperation[] = [
  {
    method: 'GET',
    path: '/me',
    scope: 'any',
    operationId: 'getAccount',
    summary: 'Read the account, its storage quota and project counts, and the calling token’s scopes',
    description: 'Any single scope unlocks it.',
    tags: ['Account'],
    responses: {
      200: { description: 'The account (top level, not wrapped in `data`).', schema: accountBody },
      401: {
        description: 'No token, or one unknown, expired or revoked, or the account behind it no longer exists (`unauthenticated`).',
        schema: problemSchema,
        headers: { 'WWW-Authenticate': '`Bearer error="invalid_token"`.' },
      },
    },
    async handle(ctx, { orm, facts }) {
      const principal = principalOf(ctx);
      const designer = await findDesigner(orm.em.fork(), principal.designerId);
      if (!designer) throw Problem.unauthenticated('The account behind this token no longer exists.');
      const forwarded = ctx.get(INTERNAL_PRINCIPAL_HEADER);
      const [projects, usedBytes] = await Promise.all([facts.projectCounts(designer.id, forwarded), facts.storageUsedBytes(designer.id, forwarded)]).catch(
        (error: unknown) => {
          throw error instanceof PeerUnavailable ? factsUnavailable(error) : error;
        },
      );
      ctx.body = presentAccount({ designer, usedBytes, projects, token: { scopes: principal.scopes, source: principal.source } }) satisfies AccountBody;
    },
  },
];
