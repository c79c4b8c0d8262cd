import { Problem, answerOnce, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath } from '@boardsync/kit';
import { pageOf, pageQuery, problemSchema, withExample, type OperationResponse } from '@boardsync/kit/contract';
import { z } from 'zod';
import { listDeliveryAttempts } from '../store/delivery-attempts.ts';
import { findWebhookDelivery, listWebhookDeliveries, type LoggedDelivery } from '../store/delivery-log.ts';
import { pingWebhook, type PingResult } from '../use-cases/ping-webhook.ts';
import { recoverDeliveries, type RecoveryWindow } from '../use-cases/recover-deliveries.ts';
import { redeliver } from '../use-cases/redeliver.ts';
import { ownWebhook } from '../use-cases/webhook-access.ts';
import { presentDelivery, presentDeliveryDetail, presentPing } from './delivery-log-presenter.ts';
import { deliveryListQuery, deliveryParams, recoverBody, type RecoverRequest } from './delivery-log-requests.ts';
import { deliveryBody, deliveryDetailBody, pingBody } from './delivery-log-schemas.ts';
import type { WebhookOperation } from './webhook-api.ts';
import { webhookParam } from './webhook-requests.ts';

/** The log's page size: 50 by default, 100 at most (a page of deliveries carries no bodies). */
export const MAX_DELIVERIES_PER_PAGE = 100;
const DAY_MS = 86_400_000;

const problem = (description: string): OperationResponse => ({ description, schema: problemSchema });

const webhookNotFound = problem('No such webhook of the calling app for this designer (`not_found`; another app’s or designer’s is as absent).');
const deliveryNotFound = problem('No such webhook of the calling app for this designer, or no such delivery of it (`not_found`).');
const badWebhookId = problem('`webhook` is not a positive 32-bit integer (`validation_failed`).');
const badIds = problem('`webhook` is not a positive 32-bit integer, or `delivery` not a UUID (`validation_failed`).');
const inactive = 'The webhook is inactive after too many failures and gets no deliveries; register the URL again (`webhook_inactive`).';

/** `{since, until?}` as a window: until defaults to now; since before until; at most the retention long. */
function recoveryWindow({ since, until }: RecoverRequest, retentionDays: number, now = new Date()): RecoveryWindow {
  const window = { since: new Date(since), until: until === undefined ? now : new Date(until) };
  const untilName = until === undefined ? 'until (now)' : 'until';
  if (window.since.getTime() >= window.until.getTime()) throw Problem.validation({ since: [`must be before ${untilName}`] });
  if (window.until.getTime() - window.since.getTime() > retentionDays * DAY_MS) {
    throw Problem.validation({ since: [`must be at most ${String(retentionDays)} days before ${untilName}: older deliveries are no longer kept`] });
  }
  return window;
}

/**
 * Beyond docs/rules.md (docs/decisions.md, "Webhooks"): the delivery log, redeliver, recover and ping. Every
 * operation reaches only the calling app's webhooks for the calling designer, as those of docs/rules.md "Webhooks" do.
 */
export const deliveryLogOperations: WebhookOperation[] = [
  {
    method: 'GET',
    path: '/webhooks/:webhook/deliveries',
    scope: 'webhooks:write',
    operationId: 'listWebhookDeliveries',
    summary: 'List a webhook’s deliveries, newest first, without their bodies',
    tags: ['Webhook deliveries'],
    params: webhookParam,
    query: pageQuery.extend(deliveryListQuery.shape),
    responses: {
      200: {
        description: 'A page of deliveries (`per_page` 50 by default, at most 100); `status` is carried forward in the links.',
        schema: pageOf(deliveryBody),
      },
      404: webhookNotFound,
      422: problem('`webhook` is not a positive 32-bit integer, or `status` not a delivery state (`validation_failed`).'),
    },
    async handle(ctx, { orm, publicBaseUrl }) {
      const { webhook: webhookId } = parseRequest(webhookParam, ctx.params);
      const { status } = parseRequest(deliveryListQuery, ctx.query);
      const em = orm.em.fork();
      const webhook = await ownWebhook(em, principalOf(ctx), webhookId);
      // Paged as docs/rules.md "Pagination" says.
      const request = pageRequest(ctx.query, { maxPerPage: MAX_DELIVERIES_PER_PAGE });
      const { rows, total } = await listWebhookDeliveries(em, webhook.id, { state: status, offset: offsetOf(request), limit: request.perPage });
      ctx.body = paginate(rows.map(presentDelivery), total, request, publicPath(publicBaseUrl, ctx), { status });
    },
  },
  {
    method: 'GET',
    path: '/webhooks/:webhook/deliveries/:delivery',
    scope: 'webhooks:write',
    operationId: 'getWebhookDelivery',
    summary: 'Read one delivery, with the envelope sent and every attempt',
    tags: ['Webhook deliveries'],
    params: deliveryParams,
    responses: {
      200: { description: 'The delivery.', schema: z.object({ data: deliveryDetailBody }) },
      404: deliveryNotFound,
      422: badIds,
    },
    async handle(ctx, { orm }) {
      const { webhook: webhookId, delivery: deliveryId } = parseRequest(deliveryParams, ctx.params);
      const em = orm.em.fork();
      const webhook = await ownWebhook(em, principalOf(ctx), webhookId);
      const delivery = await findWebhookDelivery(em, webhook.id, deliveryId);
      if (!delivery) throw Problem.notFound('delivery');
      ctx.body = { data: presentDeliveryDetail(delivery, await listDeliveryAttempts(em, delivery.id)) };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/deliveries/:delivery/redeliver',
    scope: 'webhooks:write',
    operationId: 'redeliverWebhookDelivery',
    summary: 'Send one delivery again: a new attempt series, same id and body, due now',
    description:
      'Whatever its state, the delivery becomes pending with 0 attempts, so the whole retry schedule applies again. Its earlier attempts stay in the log.',
    tags: ['Webhook deliveries'],
    params: deliveryParams,
    responses: {
      202: { description: 'Queued; the delivery as it is now.', schema: z.object({ data: deliveryBody }) },
      404: deliveryNotFound,
      409: problem(
        `${inactive} Or an attempt is being made right now (\`delivery_in_progress\`; redeliver once it is recorded), or it is a ping, which is never sent twice (\`ping_not_redeliverable\`).`,
      ),
      422: badIds,
    },
    async handle(ctx, { orm, deliveriesQueued, keys }) {
      const { webhook, delivery } = parseRequest(deliveryParams, ctx.params);
      const em = orm.em.fork();
      await answerOnce<LoggedDelivery>(ctx, em, keys, {
        run: async (remember) => {
          const requeued = await redeliver(em, principalOf(ctx), webhook, delivery, remember);
          deliveriesQueued();
          return requeued;
        },
        answer: (requeued) => ({ status: 202, body: { data: presentDelivery(requeued) } }),
      });
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/recover',
    scope: 'webhooks:write',
    operationId: 'recoverWebhookDeliveries',
    summary: 'Send again every failed delivery created in a time window',
    description:
      'Each failed delivery of the webhook created in `[since, until)` starts a new attempt series, as a redelivery does; succeeded and pending ones, and pings, are left alone.',
    tags: ['Webhook deliveries'],
    params: webhookParam,
    body: withExample(recoverBody, { since: '2026-11-27T09:00:00Z', until: '2026-11-27T12:00:00Z' }),
    responses: {
      202: { description: 'Queued.', schema: z.object({ recovered: z.int().describe('How many failed deliveries were queued again.') }) },
      400: problem('The body is not valid JSON (`invalid_json`).'),
      404: webhookNotFound,
      409: problem(inactive),
      413: problem('The body is larger than 64 KB (`payload_too_large`).'),
      422: problem(
        'An invalid `webhook` or timestamp, `since` not before `until` (now by default), or more than the retention (30 days by default) before it: older deliveries are no longer kept (`validation_failed`).',
      ),
    },
    async handle(ctx, { orm, retentionDays, deliveriesQueued, keys }) {
      const { webhook } = parseRequest(webhookParam, ctx.params);
      const window = recoveryWindow(parseRequest(recoverBody, ctx.request.body), retentionDays);
      const em = orm.em.fork();
      await answerOnce<number>(ctx, em, keys, {
        run: async (remember) => {
          const recovered = await recoverDeliveries(em, principalOf(ctx), webhook, window, remember);
          if (recovered > 0) deliveriesQueued();
          return recovered;
        },
        answer: (recovered) => ({ status: 202, body: { recovered } }),
      });
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/ping',
    scope: 'webhooks:write',
    operationId: 'pingWebhook',
    summary: 'Send a signed `webhook.ping` now and answer how the receiver took it',
    description:
      'Sent as deliveries are (same signing and headers, no redirects, the same deadline) and logged as a settled delivery, never retried. It leaves the webhook’s `last_status`, `last_delivered_at`, `consecutive_failures` and `is_active` alone.',
    tags: ['Webhook deliveries'],
    params: webhookParam,
    responses: {
      200: { description: 'The ping’s one attempt, whatever the receiver answered (see `succeeded`).', schema: pingBody },
      404: webhookNotFound,
      409: problem(inactive),
      422: badWebhookId,
    },
    async handle(ctx, { orm, outbound, timeoutMs, keyring, keys }) {
      const { webhook } = parseRequest(webhookParam, ctx.params);
      const em = orm.em.fork();
      await answerOnce<PingResult>(ctx, em, keys, {
        run: (remember) => pingWebhook(em, outbound, principalOf(ctx), webhook, { timeoutMs, keyring }, remember),
        answer: (ping) => ({ status: 200, body: presentPing(ping) }),
      });
    },
  },
];
