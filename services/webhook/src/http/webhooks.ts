import { answerOnce, parseRequest, principalOf } from '@boardsync/kit';
import { problemSchema, withExample } from '@boardsync/kit/contract';
import { z } from 'zod';
import { listAppWebhooks } from '../store/webhooks.ts';
import { deleteWebhook } from '../use-cases/delete-webhook.ts';
import { registerWebhook } from '../use-cases/register-webhook.ts';
import { ownWebhook } from '../use-cases/webhook-access.ts';
import { keptRegistration } from './kept-registration.ts';
import type { WebhookOperation } from './webhook-api.ts';
import { presentRegisteredWebhook, presentWebhook } from './webhook-presenter.ts';
import { MAX_WEBHOOK_URL_LENGTH, registerBody, webhookParam } from './webhook-requests.ts';
import { registeredWebhookBody, webhookBody } from './webhook-schemas.ts';

/** docs/rules.md "Webhooks". Every operation reaches only the calling app's webhooks for the calling designer. */
export const webhookRegistrationOperations: WebhookOperation[] = [
  {
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks:write',
    operationId: 'listWebhooks',
    summary: 'List the calling app’s webhooks for this designer, oldest first, without secrets',
    tags: ['Webhooks'],
    responses: {
      200: { description: 'Every webhook of the app (at most the per-app cap, so never paged).', schema: z.object({ data: z.array(webhookBody) }) },
    },
    async handle(ctx, { orm }) {
      const principal = principalOf(ctx);
      const webhooks = await listAppWebhooks(orm.em.fork(), { designerId: principal.designerId, app: principal.source });
      ctx.body = { data: webhooks.map(presentWebhook) };
    },
  },
  {
    method: 'POST',
    path: '/webhooks',
    scope: 'webhooks:write',
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
    async handle(ctx, { orm, outbound, keyring, maxPerApp, maxPerDesigner, keys }) {
      const registration = parseRequest(registerBody, ctx.request.body);
      const rules = { maxPerApp, maxPerDesigner, maxUrlLength: MAX_WEBHOOK_URL_LENGTH };
      const em = orm.em.fork();
      await answerOnce<Awaited<ReturnType<typeof registerWebhook>>>(ctx, em, keys, {
        run: (remember) => registerWebhook(em, outbound, principalOf(ctx), registration, rules, keyring, remember),
        answer: ({ webhook, secret }) => ({ status: 201, body: presentRegisteredWebhook(webhook, secret) }),
        kept: keptRegistration(keyring),
      });
    },
  },
  {
    method: 'GET',
    path: '/webhooks/:webhook',
    scope: 'webhooks:write',
    operationId: 'getWebhook',
    summary: 'Read one of the calling app’s webhooks, without its secret: whether it is active, its last answer, its failures in a row',
    tags: ['Webhooks'],
    params: webhookParam,
    responses: {
      200: { description: 'The webhook as the list shows it.', schema: z.object({ data: webhookBody }) },
      404: { description: 'No such webhook of this app and designer.', schema: problemSchema },
    },
    async handle(ctx, { orm }) {
      const { webhook } = parseRequest(webhookParam, ctx.params);
      ctx.body = { data: presentWebhook(await ownWebhook(orm.em.fork(), principalOf(ctx), webhook)) };
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/:webhook',
    scope: 'webhooks:write',
    operationId: 'deleteWebhook',
    summary: 'Delete one of the calling app’s webhooks, and every delivery still queued for it',
    tags: ['Webhooks'],
    params: webhookParam,
    responses: {
      200: { description: 'Deleted.', schema: z.object({ deleted: z.literal(true) }) },
      404: { description: 'No such webhook of this app and designer.', schema: problemSchema },
    },
    async handle(ctx, { orm }) {
      const { webhook } = parseRequest(webhookParam, ctx.params);
      await deleteWebhook(orm.em.fork(), principalOf(ctx), webhook);
      ctx.body = { deleted: true };
    },
  },
];
