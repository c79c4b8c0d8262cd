import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import type { Webhook } from '../store/entities/webhook.ts';
import { lockFailureState } from '../store/webhook-bookkeeping.ts';
import { findAppWebhook } from '../store/webhooks.ts';

// The calling app's webhook for a request, or the answer when it is not theirs to use: absent,
// another app's and another designer's are the same 404; an inactive one gets nothing sent (409).

/** 409 for anything that would send to an inactive webhook (docs/rules.md "States and transitions": it gets no deliveries; register again). */
export function webhookInactive(): Problem {
  return Problem.conflict(
    'webhook_inactive',
    'The webhook is inactive (too many failures in a row, or the consent it was registered under was withdrawn) and gets no deliveries; register the URL again to receive them.',
  );
}

/** The calling app's webhook for this designer; another app's, another designer's or an absent one is 404. */
export async function ownWebhook(em: EntityManager, principal: Principal, webhookId: number): Promise<Webhook> {
  const webhook = await findAppWebhook(em, { designerId: principal.designerId, app: principal.source }, webhookId);
  if (!webhook) throw Problem.notFound('webhook');
  return webhook;
}

/**
 * Locks the webhook row as an attempt's bookkeeping does (so a deactivation cannot interleave) and
 * checks it still exists and is active.
 */
export async function lockActiveWebhook(tx: EntityManager, webhookId: number): Promise<void> {
  const state = await lockFailureState(tx, webhookId);
  if (state === null) throw Problem.notFound('webhook');
  if (!state.isActive) throw webhookInactive();
}
