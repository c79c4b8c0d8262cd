import { problemSchema, withExample, type Operation } from '@boardsync/kit/contract';
import { z } from 'zod';
import { registerBody, webhookParam } from './webhook-requests.ts';
import { registeredWebhookBody, webhookBody } from './webhook-schemas.ts';

/** docs/rules.md "Webhooks", described by the schemas `webhooks-router.ts` parses and answers with. */
export const webhookOperations: Operation[] = [
  {
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List the calling app’s webhooks for this designer, oldest first, without secrets',
    tags: ['Webhooks'],
    responses: {
      200: { description: 'Every webhook of the app (at most the per-app cap, so never paged).', schema: z.object({ data: z.array(webhookBody) }) },
    },
  },
  {
    method: 'POST',
    path: '/webhooks',
    operationId: 'registerWebhook',
    summary: 'Register a public http(s) URL for some events',
    tags: ['Webhooks'],
    body: withExample(registerBody, { url: 'https://tool.example/hooks/boardsync', events: ['components.changed', 'project.updated'] }),
    responses: {
      201: { description: 'The webhook, with its signing secret shown this once.', schema: registeredWebhookBody },
      422: {
        description:
          'An invalid field (`validation_failed`), a URL that is not public (`url_not_allowed`, with `reason`), or a cap (`webhook_limit_reached`, with `limit` and `scope`: `app` for the per-app cap, `account` for the cap across an account’s apps, WEBHOOK_MAX_PER_DESIGNER).',
        schema: problemSchema,
      },
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/:webhook',
    operationId: 'deleteWebhook',
    summary: 'Delete one of the calling app’s webhooks, and every delivery still queued for it',
    tags: ['Webhooks'],
    params: webhookParam,
    responses: {
      200: { description: 'Deleted.', schema: z.object({ deleted: z.literal(true) }) },
      404: { description: 'No such webhook of this app and designer.', schema: problemSchema },
    },
  },
];
