import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal, type Remember } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import { ownWebhook, webhookInactive } from './webhook-access.ts';
import { classifyAttempt } from '../domain/retry-schedule.ts';
import { PING_EVENT, deliveryBody } from '../domain/envelope.ts';
import type { SecretKeyring } from '../domain/secret-keyring.ts';
import { sendDelivery, type SentAttempt } from '../outbound/send-delivery.ts';
import { insertAttempt } from '../store/delivery-attempts.ts';
import { insertSettledDelivery } from '../store/delivery-queue.ts';
import { lockFailureState } from '../store/webhook-bookkeeping.ts';

export interface PingResult {
  deliveryId: string;
  sent: SentAttempt;
  succeeded: boolean;
}

/**
 * `POST /webhooks/{webhook}/ping`: one signed `webhook.ping` delivery sent now, as the worker
 * sends (same signing, same SSRF-checked client, same deadline), then recorded as a settled
 * delivery with its one attempt so it shows in the log. Never retried, and it leaves the webhook's
 * bookkeeping (`last_status`, `last_delivered_at`, `consecutive_failures`, `is_active`) alone: it
 * tests the receiver, it does not deliver an event. An inactive webhook is refused (409), as it
 * gets no deliveries (docs/rules.md "States and transitions").
 */
export async function pingWebhook(
  em: EntityManager,
  outbound: SafeHttpClient,
  principal: Principal,
  webhookId: number,
  sending: { timeoutMs: number; keyring: SecretKeyring },
  remember?: Remember<PingResult>,
): Promise<PingResult> {
  const webhook = await ownWebhook(em, principal, webhookId);
  if (!webhook.isActive) throw webhookInactive();
  const deliveryId = randomUUID();
  const body = deliveryBody({ deliveryId, event: PING_EVENT, createdAt: new Date(), data: { webhook_id: webhook.id } });
  const secret = sending.keyring.openOrUnreadable(webhook.secret, webhook.id);
  const sent = await sendDelivery(outbound, { url: webhook.url, secret, deliveryId, event: PING_EVENT, body }, sending.timeoutMs);
  const succeeded = classifyAttempt(sent) === 'succeeded';
  const result: PingResult = { deliveryId, sent, succeeded };
  await em.transactional(async (tx) => {
    // Deleted while the ping was in flight: nothing left to log it under.
    if ((await lockFailureState(tx, webhook.id)) === null) throw Problem.notFound('webhook');
    await insertSettledDelivery(tx, {
      id: deliveryId,
      webhookId: webhook.id,
      designerId: webhook.designerId,
      event: PING_EVENT,
      body,
      state: succeeded ? 'succeeded' : 'failed',
    });
    await insertAttempt(tx, {
      deliveryId,
      attemptedAt: sent.attemptedAt,
      durationMs: sent.durationMs,
      status: sent.status ?? null,
      errorClass: sent.errorClass ?? sent.error ?? null,
      responseExcerpt: sent.excerpt,
    });
    await remember?.(tx, result);
  });
  return result;
}
