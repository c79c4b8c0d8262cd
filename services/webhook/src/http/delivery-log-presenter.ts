import type { PingResult } from '../use-cases/ping-webhook.ts';
import type { AttemptRecord } from '../store/delivery-attempts.ts';
import type { LoggedDelivery, LoggedDeliveryWithBody } from '../store/delivery-log.ts';
import type { AttemptBody, DeliveryBody, DeliveryDetailBody, PingBody } from './delivery-log-schemas.ts';

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** A delivery in the log: its state and latest attempt, without its body. */
export function presentDelivery(delivery: LoggedDelivery): DeliveryBody {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.state,
    attempts: delivery.attempts,
    in_progress: delivery.inFlight,
    created_at: delivery.createdAt.toISOString(),
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_attempt_at: iso(delivery.lastAttemptAt),
    last_status: delivery.lastStatus,
    last_error_class: delivery.lastErrorClass,
  };
}

export function presentAttempt(attempt: AttemptRecord): AttemptBody {
  return {
    attempted_at: attempt.attemptedAt.toISOString(),
    status: attempt.status,
    duration_ms: attempt.durationMs,
    error_class: attempt.errorClass,
    response_excerpt: attempt.responseExcerpt,
  };
}

/** The body as parsed JSON when it is JSON (it always is: the service wrote it); its exact bytes are `JSON.stringify(payload)`. */
function payloadOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** One delivery with the envelope sent and every attempt, oldest first (earlier series included). */
export function presentDeliveryDetail(delivery: LoggedDeliveryWithBody, attempts: readonly AttemptRecord[]): DeliveryDetailBody {
  return { ...presentDelivery(delivery), payload: payloadOf(delivery.body), attempt_log: attempts.map(presentAttempt) };
}

export function presentPing({ deliveryId, sent, succeeded }: PingResult): PingBody {
  return {
    delivery_id: deliveryId,
    event: 'webhook.ping',
    attempted_at: sent.attemptedAt.toISOString(),
    status: sent.status ?? null,
    duration_ms: sent.durationMs,
    error_class: sent.errorClass ?? sent.error ?? null,
    response_excerpt: sent.excerpt,
    succeeded,
  };
}
