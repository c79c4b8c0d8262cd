import { problemSchema, type Operation } from '@boardsync/kit/contract';
import { accountBody } from './me-schemas.ts';

/** docs/rules.md "Account": `GET /me`, described by the schema `me.ts` answers with. */
export const meOperations: Operation[] = [
  {
    method: 'GET',
    path: '/me',
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
  },
];
