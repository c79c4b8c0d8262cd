import Router from '@koa/router';
import { Problem, parseRequest, requireAdminToken, type Database } from '@boardsync/kit';
import { z } from 'zod';
import type { SecretResealing } from '../workers/secret-resealing.ts';
import { deleteWebhookById, listDesignerWebhooks } from '../store/webhooks.ts';
import { presentAccountWebhook } from './account-webhooks-presenter.ts';

const designerQuery = z.object({ designer: z.coerce.number().int().positive() });
const webhookParam = z.object({ id: z.coerce.number().int().positive() });
const resealQuery = z.object({ bind_unbound: z.literal('true').optional() });

/**
 * Operator API behind the admin token, on the internal listener: where a key rotation stands.
 * `GET /admin/secrets` counts the stored signing secrets not yet under the first key (in the version
 * WEBHOOK_SECRET_BINDING asks for); `POST /admin/secrets/reseal` runs a resealing pass now instead of
 * waiting up to a minute for the next, and says what it did; `?bind_unbound=true` also binds the `v1` and
 * bare values `webhook` refuses to the rows they are on (once, by an operator who trusts the table as
 * it stands: docs/operations.md §6; never the periodic pass). `GET /admin/webhooks?designer=` lists
 * every webhook on an account, whichever app or token registered it, with its state;
 * `DELETE /admin/webhooks/{id}` removes one (its queued deliveries go with it).
 */
export function adminRouter(orm: Database, resealing: SecretResealing, adminToken: string): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(requireAdminToken(adminToken));

  router.get('/secrets', async (ctx) => {
    ctx.body = { ...resealing.sealing, not_under_first_key: await resealing.countNotUnderFirstKey() };
  });

  router.post('/secrets/reseal', async (ctx) => {
    const { bind_unbound: bind } = parseRequest(resealQuery, ctx.query);
    const pass = await resealing.resealAll({ bindUnbound: bind === 'true' });
    ctx.body = { ...resealing.sealing, ...pass, not_under_first_key: await resealing.countNotUnderFirstKey() };
  });

  router.get('/webhooks', async (ctx) => {
    const { designer } = parseRequest(designerQuery, ctx.query);
    ctx.body = { data: (await listDesignerWebhooks(orm.em.fork(), designer)).map(presentAccountWebhook) };
  });

  router.delete('/webhooks/:id', async (ctx) => {
    const { id } = parseRequest(webhookParam, ctx.params);
    if (!(await deleteWebhookById(orm.em.fork(), id))) throw Problem.notFound('webhook');
    ctx.body = { deleted: true };
  });

  return router;
}
