import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { PING_EVENT, eventTimeOf } from '../domain/envelope.ts';
import type { ClaimedDelivery } from '../store/delivery-claim.ts';
import type { RecordedAttempt } from '../use-cases/record-attempts.ts';

/**
 * What this pod's worker did, counted as it records attempts: `boardsync_webhook_delivery_attempts_total` by
 * outcome and `boardsync_webhook_deactivations_total`; how long deliveries waited, once due, for this pod to
 * start sending them (`boardsync_webhook_delivery_start_delay_seconds`), and how long after its change a delivery's first send
 * started (`boardsync_webhook_change_to_send_seconds`, the write → delivery SLO's); and the share of its send slots in use
 * (`boardsync_webhook_send_slots_busy_ratio`, what a Pods metric can scale on). The queue and the receivers'
 * state, the same in every pod, are read from the database instead (`queue-metrics.ts`).
 */
export class DeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly deactivations: Counter;
  private readonly startDelay: Histogram;
  private readonly changeToSend: Histogram;

  /** `slotsInUse`: the share of this pod's send slots sending now (0 to 1). */
  constructor(registry: Registry, slotsInUse: () => number) {
    this.attempts = new Counter({
      name: 'boardsync_webhook_delivery_attempts_total',
      help: 'Deliveries this pod sent and recorded, by outcome: succeeded (2xx), retry (5xx, 429, timeout, connection error), refused (other 4xx, 3xx)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    this.deactivations = new Counter({
      name: 'boardsync_webhook_deactivations_total',
      help: 'Webhooks this pod deactivated after WEBHOOK_DEACTIVATE_AFTER failed attempts in a row',
      registers: [registry],
    });
    this.startDelay = new Histogram({
      name: 'boardsync_webhook_delivery_start_delay_seconds',
      help: 'From a delivery coming due (queued, or its retry time) to this pod starting its send',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    });
    this.changeToSend = new Histogram({
      name: 'boardsync_webhook_change_to_send_seconds',
      help: "From a change (its event's created_at: the write's commit) to this pod starting the first send of a delivery telling of it",
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
      registers: [registry],
    });
    new Gauge({
      name: 'boardsync_webhook_send_slots_busy_ratio',
      help: "The share of this pod's DELIVERY_CONCURRENCY send slots in use",
      registers: [registry],
      collect() {
        this.set(slotsInUse());
      },
    });
  }

  /** A send starts: `delayMs` after its delivery came due; for a first attempt, so long after the change it tells of. */
  sendStarted(delivery: Pick<ClaimedDelivery, 'attempts' | 'event' | 'body'>, delayMs: number, now = Date.now()): void {
    this.startDelay.observe(delayMs / 1000);
    if (delivery.attempts > 0 || delivery.event === PING_EVENT) return;
    const changedAt = eventTimeOf(delivery.body);
    if (changedAt !== undefined) this.changeToSend.observe(Math.max(0, now - changedAt) / 1000);
  }

  recorded(attempt: RecordedAttempt): void {
    this.attempts.inc({ outcome: attempt.outcome });
    if (attempt.deactivated) this.deactivations.inc();
  }
}
