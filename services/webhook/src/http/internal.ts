import Router from '@koa/router';
import { Problem, parseRequest, principalOf, requirePrincipal, type Database } from '@boardsync/kit';
import type { Context } from 'koa';
import { z } from 'zod';
import { deleteDesignerWebhook, listDesignerWebhooks } from '../store/webhooks.ts';
import { presentAccountWebhook } from './account-webhooks-presenter.ts';

const designerParam = z.object({ designer: z.coerce.number().int().positive() });
const webhookParam = z.object({ webhook: z.coerce.number().int().positive() });

/** The principal's own account, when it may manage its webhooks; another designer's is as absent. */
function accountAsked(ctx: Context, designerParamValue: string | undefined): number {
  const principal = principalOf(ctx);
  const { designer } = parseRequest(designerParam, { designer: designerParamValue });
  if (principal.designerId !== designer) throw Problem.notFound('designer');
  if (!principal.scopes.includes('webhooks:write')) throw Problem.insufficientScope('webhooks:write');
  return designer;
}

/**
 * What auth's settings page asks, with a principal of the signed-in designer holding
 * `webhooks:write`, on the internal listener only: every webhook on the account, whichever app or
 * token registered it, and deleting any of them. (Through the API an app sees only its own.)
 */
export function internalRouter(orm: Database, principalSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requirePrincipal(principalSecret));
  router.get('/designers/:designer/webhooks', async (ctx) => {
    const designer = accountAsked(ctx, ctx.params.designer);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: (await listDesignerWebhooks(orm.em.fork(), designer)).map(presentAccountWebhook) };
  });
  router.delete('/designers/:designer/webhooks/:webhook', async (ctx) => {
    const designer = accountAsked(ctx, ctx.params.designer);
    const { webhook } = parseRequest(webhookParam, { webhook: ctx.params.webhook });
    if (!(await deleteDesignerWebhook(orm.em.fork(), designer, webhook))) throw Problem.notFound('webhook');
    ctx.body = { deleted: true };
  });
  return router;
}
