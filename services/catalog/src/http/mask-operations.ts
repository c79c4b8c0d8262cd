import type { Operation } from '@boardsync/kit/contract';
import { masksBody } from './mask-schemas.ts';

/** `GET /masks` (docs/rules.md "Masks"), described by the schema `masks.ts` answers with. */
export const maskOperations: Operation[] = [
  {
    method: 'GET',
    path: '/masks',
    operationId: 'listMasks',
    summary: 'List the mask values cards and tokens accept: none, the built-in library, then the designer’s own',
    description:
      'The built-in library changes between releases: read it here rather than hardcode it. Writes also accept bare built-in keys and custom mask names; reads always show the `default:` or `custom:` form.',
    tags: ['Masks'],
    responses: { 200: { description: 'The mask options per kind, at top level.', schema: masksBody } },
  },
];
