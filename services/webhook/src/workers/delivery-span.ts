import { hostOf, SpanKind, contextFrom, recordFailure, startSpanUnder, type TraceSpan } from '@boardsync/kit/telemetry';
import type { ClaimedDelivery } from '../store/delivery-claim.ts';
import type { SentAttempt } from '../outbound/send-delivery.ts';
import type { RecordedAttempt } from '../use-cases/record-attempts.ts';

/**
 * One attempt of a delivery as a span of the trace that queued it (its row's `traceparent`), from
 * the send to the attempt recorded: status, error and outcome on it. The POST itself carries no
 * trace header (kit's ssrf/untraced.ts): a receiver is not ours. Nothing for deliveries queued
 * while tracing was off.
 */
export class DeliverySpan {
  private readonly span: TraceSpan | undefined;

  constructor(delivery: ClaimedDelivery) {
    if (delivery.traceparent === null) return;
    this.span = startSpanUnder(contextFrom({ traceparent: delivery.traceparent }), `webhook delivery ${delivery.event}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'boardsync.delivery.id': delivery.id,
        'boardsync.webhook.id': delivery.webhookId,
        'boardsync.delivery.attempt': delivery.attempts + 1,
        'http.request.method': 'POST',
        'server.address': hostOf(delivery.url),
      },
    });
  }

  sent(sent: SentAttempt): void {
    if (sent.status !== undefined) this.span?.setAttribute('http.response.status_code', sent.status);
    if (sent.error !== undefined) this.span?.setAttribute('error.type', sent.errorClass ?? sent.error);
  }

  recorded(recorded: RecordedAttempt): void {
    this.span?.setAttributes({ 'boardsync.delivery.outcome': recorded.outcome, 'boardsync.delivery.state': recorded.state });
  }

  failed(error: unknown): void {
    if (this.span) recordFailure(this.span, error);
  }

  end(): void {
    this.span?.end();
  }
}
