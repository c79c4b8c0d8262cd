import Router from '@koa/router';
import { parseRequest, principalOf, type Database } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import { listAppWebhooks } from '../store/webhooks.ts';
import { deleteWebhook } from '../use-cases/delete-webhook.ts';
import { registerWebhook } from '../use-cases/register-webhook.ts';
import { presentRegisteredWebhook, presentWebhook } from './webhook-presenter.ts';
import { MAX_WEBHOOK_URL_LENGTH, registerBody, webhookParam } from './webhook-requests.ts';

export interface WebhooksRouterOptions {
  /** docs/rules.md "Limits": webhooks per app per designer. */
  maxPerApp: number;
  /** Webhooks per designer across its apps. */
  maxPerDesigner: number;
  /** The gateway's public origin, which links in answers start with. */
  publicBaseUrl: string;
  /** Seals each new signing secret before it is stored. */
  keyring: SecretKeyring;
}

/** docs/rules.md "Webhooks". Every route reaches only the calling app's webhooks for the calling designer. */
export function webhooksRouter(orm: Database, outbound: SafeHttpClient, options: WebhooksRouterOptions): Router {
  const router = new Router({ prefix: '/api/v1/webhooks' });

  /** The calling app's webhooks for this designer, oldest first, without their secrets. Never more than the per-app cap, so never paged. */
  router.get('/', async (ctx) => {
    const principal = principalOf(ctx);
    const webhooks = await listAppWebhooks(orm.em.fork(), { designerId: principal.designerId, app: principal.source });
    ctx.body = { data: webhooks.map(presentWebhook) };
  });

  /** Registers a public http(s) URL for some events; the answer is the only one ever to show the signing secret. */
  router.post('/', async (ctx) => {
    const registration = parseRequest(registerBody, ctx.request.body);
    const rules = { maxPerApp: options.maxPerApp, maxPerDesigner: options.maxPerDesigner, maxUrlLength: MAX_WEBHOOK_URL_LENGTH };
    const { webhook, secret } = await registerWebhook(orm.em.fork(), outbound, principalOf(ctx), registration, rules, options.keyring);
    ctx.status = 201;
    ctx.body = presentRegisteredWebhook(webhook, secret);
  });

  /** Deletes one of the calling app's webhooks, and with it every delivery still queued for it. */
  router.delete('/:webhook', async (ctx) => {
    const { webhook } = parseRequest(webhookParam, ctx.params);
    await deleteWebhook(orm.em.fork(), principalOf(ctx), webhook);
    ctx.body = { deleted: true };
  });

  return router;
}
