import Router from '@koa/router';
import { INTERNAL_PRINCIPAL_HEADER, Problem, principalOf, type Database } from '@boardsync/kit';
import { PeerUnavailable } from '@boardsync/kit/peer-requests';
import { presentAccount } from '../domain/account.ts';
import type { AccountFacts } from '../peers/account-facts.ts';
import { findDesigner } from '../store/designers.ts';
import type { AccountBody } from './me-schemas.ts';

/** `GET /api/v1/me` (docs/rules.md "Account"): the account, its quota and project facts, and the calling token. */
/** The principal and its scope are checked by the app's `apiGuard` before this runs. */
export function meRouter(orm: Database, facts: AccountFacts): Router {
  const router = new Router();
  router.get('/api/v1/me', async (ctx) => {
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
  });
  return router;
}

function factsUnavailable(error: PeerUnavailable): Problem {
  return Problem.unavailable(`Account facts are unavailable right now (${error.service}); try again shortly.`, error);
}
