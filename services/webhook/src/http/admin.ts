import Router from '@koa/router';
import { requireAdminToken } from '@boardsync/kit';
import type { SecretResealing } from '../workers/secret-resealing.ts';

/**
 * Operator API behind the admin token, on the internal listener: where a key rotation stands.
 * `GET /admin/secrets` counts the stored signing secrets not yet under the first key (in the version
 * WEBHOOK_SECRET_BINDING asks for); `POST /admin/secrets/reseal` runs a resealing pass now instead of
 * waiting up to a minute for the next, and says what it did.
 */
export function adminRouter(resealing: SecretResealing, adminToken: string): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(requireAdminToken(adminToken));

  router.get('/secrets', async (ctx) => {
    ctx.body = { ...resealing.sealing, not_under_first_key: await resealing.countNotUnderFirstKey() };
  });

  router.post('/secrets/reseal', async (ctx) => {
    const pass = await resealing.resealAll();
    ctx.body = { ...resealing.sealing, resealed: pass.resealed, unreadable: pass.unreadable, not_under_first_key: await resealing.countNotUnderFirstKey() };
  });

  return router;
}
