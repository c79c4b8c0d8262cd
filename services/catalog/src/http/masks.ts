import Router from '@koa/router';
import { principalOf, type Database } from '@boardsync/kit';
import { maskOptions } from '../domain/mask-library.ts';
import { customMasks } from '../store/custom-masks.ts';
import type { MasksBody } from './mask-schemas.ts';

/** `GET /api/v1/masks`: the built-in library plus the designer's own masks, per kind. */
export function masksRouter(orm: Database): Router {
  const router = new Router();
  router.get('/api/v1/masks', async (ctx) => {
    const custom = await customMasks(orm.em.fork(), principalOf(ctx).designerId);
    ctx.body = { card: maskOptions('card', custom), token: maskOptions('token', custom) } satisfies MasksBody;
  });
  return router;
}
