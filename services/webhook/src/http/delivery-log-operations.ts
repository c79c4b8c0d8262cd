import { pageOf, pageQuery, problemSchema, withExample, type Operation, type OperationResponse } from '@boardsync/kit/contract';
import { z } from 'zod';
import { deliveryListQuery, deliveryParams, recoverBody } from './delivery-log-requests.ts';
import { deliveryBody, deliveryDetailBody, pingBody } from './delivery-log-schemas.ts';
import { webhookParam } from './webhook-requests.ts';

const problem = (description: string): OperationResponse => ({ description, schema: problemSchema });

const webhookNotFound = problem('No such webhook of the calling app for this designer (`not_found`; another app’s or designer’s is as absent).');
const deliveryNotFound = problem('No such webhook of the calling app for this designer, or no such delivery of it (`not_found`).');
const badWebhookId = problem('`webhook` is not a positive 32-bit integer (`validation_failed`).');
const badIds = problem('`webhook` is not a positive 32-bit integer, or `delivery` not a UUID (`validation_failed`).');
const inactive = 'The webhook is inactive after too many failures and gets no deliveries; register the URL again (`webhook_inactive`).';

/**
 * Beyond docs/rules.md (docs/decisions.md, "Webhooks"): the delivery log, redeliver, recover and ping, described by the
 * schemas `delivery-log-router.ts` parses and answers with.
 */
export const deliveryLogOperations: Operation[] = [
  {
    method: 'GET',
    path: '/webhooks/:webhook/deliveries',
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
  },
  {
    method: 'GET',
    path: '/webhooks/:webhook/deliveries/:delivery',
    operationId: 'getWebhookDelivery',
    summary: 'Read one delivery, with the envelope sent and every attempt',
    tags: ['Webhook deliveries'],
    params: deliveryParams,
    responses: {
      200: { description: 'The delivery.', schema: z.object({ data: deliveryDetailBody }) },
      404: deliveryNotFound,
      422: badIds,
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/deliveries/:delivery/redeliver',
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
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/recover',
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
  },
  {
    method: 'POST',
    path: '/webhooks/:webhook/ping',
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
  },
];
