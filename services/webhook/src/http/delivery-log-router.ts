import Router from '@koa/router';
import { Problem, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath, type Database } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import { ownWebhook } from '../use-cases/webhook-access.ts';
import { listDeliveryAttempts } from '../store/delivery-attempts.ts';
import { findWebhookDelivery, listWebhookDeliveries } from '../store/delivery-log.ts';
import { pingWebhook } from '../use-cases/ping-webhook.ts';
import { recoverDeliveries, type RecoveryWindow } from '../use-cases/recover-deliveries.ts';
import { redeliver } from '../use-cases/redeliver.ts';
import { presentDelivery, presentDeliveryDetail, presentPing } from './delivery-log-presenter.ts';
import { deliveryListQuery, deliveryParams, recoverBody, type RecoverRequest } from './delivery-log-requests.ts';
import { webhookParam } from './webhook-requests.ts';
import type { SecretKeyring } from '../domain/secret-keyring.ts';

/** The log's page size: 50 by default, 100 at most (a page of deliveries carries no bodies). */
export const MAX_DELIVERIES_PER_PAGE = 100;
const DAY_MS = 86_400_000;

export interface DeliveryLogRouterOptions {
  /** The gateway's public origin, which links in answers start with. */
  publicBaseUrl: string;
  /** A ping's receiver must answer within this, as a delivery's must. */
  timeoutMs: number;
  /** Opens the webhook's stored signing secret to sign a ping. */
  keyring: SecretKeyring;
  /** Deliveries older than this are pruned, so a recovery window is at most this long. */
  retentionDays: number;
}

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
 * route reaches only the calling app's webhooks for the calling designer, as those of docs/rules.md "Webhooks" do.
 */
export function deliveryLogRouter(orm: Database, outbound: SafeHttpClient, options: DeliveryLogRouterOptions): Router {
  const router = new Router({ prefix: '/api/v1/webhooks' });

  /** A webhook's deliveries, newest first, paged as docs/rules.md "Pagination" says; `?status=` keeps one state. */
  router.get('/:webhook/deliveries', async (ctx) => {
    const { webhook: webhookId } = parseRequest(webhookParam, ctx.params);
    const { status } = parseRequest(deliveryListQuery, ctx.query);
    const em = orm.em.fork();
    const webhook = await ownWebhook(em, principalOf(ctx), webhookId);
    const request = pageRequest(ctx.query, { maxPerPage: MAX_DELIVERIES_PER_PAGE });
    const { rows, total } = await listWebhookDeliveries(em, webhook.id, { state: status, offset: offsetOf(request), limit: request.perPage });
    ctx.body = paginate(rows.map(presentDelivery), total, request, publicPath(options.publicBaseUrl, ctx), { status });
  });

  /** One delivery, with the envelope sent and every attempt. */
  router.get('/:webhook/deliveries/:delivery', async (ctx) => {
    const { webhook: webhookId, delivery: deliveryId } = parseRequest(deliveryParams, ctx.params);
    const em = orm.em.fork();
    const webhook = await ownWebhook(em, principalOf(ctx), webhookId);
    const delivery = await findWebhookDelivery(em, webhook.id, deliveryId);
    if (!delivery) throw Problem.notFound('delivery');
    ctx.body = { data: presentDeliveryDetail(delivery, await listDeliveryAttempts(em, delivery.id)) };
  });

  /** A new attempt series for one delivery: same id and body, due now. */
  router.post('/:webhook/deliveries/:delivery/redeliver', async (ctx) => {
    const { webhook, delivery } = parseRequest(deliveryParams, ctx.params);
    const requeued = await redeliver(orm.em.fork(), principalOf(ctx), webhook, delivery);
    ctx.status = 202;
    ctx.body = { data: presentDelivery(requeued) };
  });

  /** Re-queues every failed delivery created in `[since, until)`. */
  router.post('/:webhook/recover', async (ctx) => {
    const { webhook } = parseRequest(webhookParam, ctx.params);
    const window = recoveryWindow(parseRequest(recoverBody, ctx.request.body), options.retentionDays);
    const recovered = await recoverDeliveries(orm.em.fork(), principalOf(ctx), webhook, window);
    ctx.status = 202;
    ctx.body = { recovered };
  });

  /** Sends a signed `webhook.ping` now and answers its attempt. */
  router.post('/:webhook/ping', async (ctx) => {
    const { webhook } = parseRequest(webhookParam, ctx.params);
    ctx.body = presentPing(await pingWebhook(orm.em.fork(), outbound, principalOf(ctx), webhook, options));
  });

  return router;
}
