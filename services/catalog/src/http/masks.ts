import { principalOf } from '@boardsync/kit';
import { maskOptions } from '../domain/mask-library.ts';
import { customMasks } from '../store/custom-masks.ts';
import type { CatalogOperation } from './catalog-api.ts';
import { masksBody, type MasksBody } from './mask-schemas.ts';

/** `GET /masks` (docs/rules.md "Masks"): the built-in library plus the designer's own masks, per kind. */
export const maskOperations: CatalogOperation[] = [
  {
    method: 'GET',
    path: '/masks',
    scope: 'components:read',
    operationId: 'listMasks',
    summary: 'List the mask values cards and tokens accept: none, the built-in library, then the designer’s own',
    description:
      'The built-in library changes between releases: read it here rather than hardcode it. Writes also accept bare built-in keys and custom mask names; reads always show the `default:` or `custom:` form.',
    tags: ['Masks'],
    responses: { 200: { description: 'The mask options per kind, at top level.', schema: masksBody } },
    async handle(ctx, { orm }) {
      const custom = await customMasks(orm.em.fork(), principalOf(ctx).designerId);
      ctx.body = { card: maskOptions('card', custom), token: maskOptions('token', custom) } satisfies MasksBody;
    },
  },
];
