import { Counter, type Registry } from 'prom-client';
import type { RecordedAttempt } from '../use-cases/record-attempts.ts';

/**
 * What this pod's worker did, counted as it records attempts: `webhook_delivery_attempts_total` by
 * outcome and `webhook_deactivations_total`. The queue and the receivers' state, the same in every
 * pod, are read from the database instead (`queue-metrics.ts`).
 */
export class DeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly deactivations: Counter;

  constructor(registry: Registry) {
    this.attempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Deliveries this pod sent and recorded, by outcome: succeeded (2xx), retry (5xx, 429, timeout, connection error), refused (other 4xx, 3xx)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    this.deactivations = new Counter({
      name: 'webhook_deactivations_total',
      help: 'Webhooks this pod deactivated after WEBHOOK_DEACTIVATE_AFTER failed attempts in a row',
      registers: [registry],
    });
  }

  recorded(attempt: RecordedAttempt): void {
    this.attempts.inc({ outcome: attempt.outcome });
    if (attempt.deactivated) this.deactivations.inc();
  }
}
