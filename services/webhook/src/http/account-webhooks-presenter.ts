import type { Webhook } from '../store/entities/webhook.ts';
import { presentWebhook } from './webhook-presenter.ts';

/** Where a webhook stands, for the designer and operators: `failing` is active with failures since its last success. */
export type WebhookState = 'active' | 'failing' | 'stopped_after_failures' | 'consent_withdrawn';

/** A webhook as the designer's settings page and the operators' API show it: the public fields (docs/rules.md "Webhooks"), who registered it, and its state. */
export interface AccountWebhookBody extends ReturnType<typeof presentWebhook> {
  designer_id: number;
  /** The registering app's source tag: `api:{client_id}` or `api:personal`. */
  app: string;
  /** The consent it was registered under: `pat:{id}`, `grant:{id}`, or app-wide for older rows (`app:{client_id}`, `pat:*`). */
  registrant: string;
  state: WebhookState;
}

export function webhookState(webhook: Webhook): WebhookState {
  if (webhook.isActive) return webhook.consecutiveFailures > 0 ? 'failing' : 'active';
  return webhook.inactiveReason === 'consent_withdrawn' ? 'consent_withdrawn' : 'stopped_after_failures';
}

export function presentAccountWebhook(webhook: Webhook): AccountWebhookBody {
  return { ...presentWebhook(webhook), designer_id: webhook.designerId, app: webhook.app, registrant: webhook.registrant, state: webhookState(webhook) };
}
