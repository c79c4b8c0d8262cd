import Router from '@koa/router';
import { Problem, parseRequest, principalOf, requirePrincipal, type Database } from '@boardsync/kit';
import { z } from 'zod';
import { checkConsents } from '../use-cases/check-consents.ts';

/** The most credentials one question names: a designer's webhooks are capped well below it. */
export const MAX_CREDENTIALS_PER_QUESTION = 100;

const designerParam = z.object({ designer: z.coerce.number().int().positive() });
const consentQuestion = z.object({
  credential: z
    .union([z.string(), z.array(z.string())])
    .transform((named) => [named].flat())
    .pipe(z.array(z.string().max(300)).min(1).max(MAX_CREDENTIALS_PER_QUESTION)),
});

/**
 * Questions other services ask with a principal for the designer concerned, on the internal
 * listener only: the webhook service, before sending a designer's data, whether the consents its
 * webhooks were registered under still stand.
 */
export function internalRouter(orm: Database, principalSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requirePrincipal(principalSecret));
  // `?credential=pat:3&credential=grant:9`: a GET, so a peer repeats it on another connection when a pod stops.
  router.get('/designers/:designer/consents', async (ctx) => {
    const { designer } = parseRequest(designerParam, ctx.params);
    if (principalOf(ctx).designerId !== designer) throw Problem.notFound('designer');
    const { credential } = parseRequest(consentQuestion, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { standing: await checkConsents(orm.em.fork(), designer, credential) };
  });
  return router;
}
