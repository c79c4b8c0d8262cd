import { Counter, type Registry } from 'prom-client';
import type { Database, Logger } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { WebhookSettings } from '../config.ts';
import { abandonDelivery, claimDueDeliveries, type ClaimedDelivery } from '../store/delivery-queue.ts';
import { pruneDeliveries } from '../store/delivery-log.ts';
import { recordAttempts, type AttemptPolicy, type MadeAttempt, type RecordedAttempt } from '../use-cases/record-attempts.ts';
import { sendDelivery } from '../sending/send-delivery.ts';

/** Beyond the receiver's time: recording the attempt; a lease that runs out makes the row due again (a second send). */
const LEASE_MARGIN_MS = 30_000;
const IDLE_POLL_MS = 200;
const FAILURE_BACKOFF_MS = 2_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const FIRST_PRUNE_AFTER_MS = 60_000;
/** How long close() waits, beyond one receiver timeout, for sends in flight to be recorded. */
const CLOSE_GRACE_MS = 5_000;
/** The most attempts recorded in one transaction. */
const MAX_RECORD_BATCH = 256;

interface Unrecorded {
  made: MadeAttempt;
  resolve: (recorded: RecordedAttempt) => void;
  reject: (error: unknown) => void;
}

export interface DeliveryWorkerOptions {
  orm: Database;
  outbound: SafeHttpClient;
  logger: Logger;
  /** Where `webhook_delivery_attempts_total` is registered (the service's metrics registry). */
  registry: Registry;
  settings: Pick<
    WebhookSettings,
    | 'WEBHOOK_RETRY_DELAYS'
    | 'WEBHOOK_SECRET_KEYS'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'WEBHOOK_DEACTIVATE_AFTER'
    | 'DELIVERY_CONCURRENCY'
    | 'DELIVERY_PER_ENDPOINT'
    | 'DELIVERY_RETENTION_DAYS'
  >;
}

/**
 * Sends due deliveries: claims them under a lease (so replicas share the work without sending one
 * twice), POSTs each, records the attempt, and keeps at most DELIVERY_CONCURRENCY in flight here
 * and DELIVERY_PER_ENDPOINT per webhook across replicas. Polls when idle, claims again at once
 * while there is work and room. Attempts are recorded in batches (group commit): those answered
 * while one transaction records go together into the next. Also prunes deliveries past their
 * retention now and then.
 */
export class DeliveryWorker {
  readonly name = 'webhook delivery worker';
  private readonly options: DeliveryWorkerOptions;
  private readonly logger: Logger;
  private readonly policy: AttemptPolicy;
  private readonly stopped = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private wakeUp: (() => void) | undefined;
  /** Set by a nudge that came while claiming, so the next idle returns at once. */
  private nudged = false;
  private loop: Promise<void> | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private pruning: Promise<void> | undefined;
  private attemptCount = 0;
  private readonly attempts: Counter<'outcome'>;
  private readonly unrecorded: Unrecorded[] = [];
  private recording: Promise<void> | undefined;

  constructor(options: DeliveryWorkerOptions) {
    this.options = options;
    this.logger = options.logger.child({ component: 'delivery-worker' });
    this.policy = { retryDelaysMs: options.settings.WEBHOOK_RETRY_DELAYS, deactivateAfter: options.settings.WEBHOOK_DEACTIVATE_AFTER };
    this.attempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Deliveries this pod sent and recorded, by outcome: succeeded (2xx), retry (5xx, 429, timeout, connection error), refused (other 4xx, 3xx)',
      labelNames: ['outcome'] as const,
      registers: [options.registry],
    });
  }

  start(): void {
    this.loop ??= this.run();
    this.pruneTimer ??= setTimeout(() => {
      this.pruneNow();
    }, FIRST_PRUNE_AFTER_MS);
    this.pruneTimer.unref();
  }

  /** Stops claiming, then waits (bounded) for the sends in flight to be answered and recorded. */
  async close(): Promise<void> {
    this.stopped.abort();
    clearTimeout(this.pruneTimer);
    this.wakeUp?.();
    await this.loop;
    const grace = this.options.settings.WEBHOOK_TIMEOUT_MS + CLOSE_GRACE_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, grace, 'timeout')));
    const settled = await Promise.race([Promise.all([...this.inFlight, this.pruning]), timedOut]);
    clearTimeout(timer);
    // Their leases run out and other replicas (or this one, restarted) send them again.
    if (settled === 'timeout') this.logger.warn({ inFlight: this.inFlight.size }, 'deliveries still in flight at shutdown');
  }

  /** Deliveries were just queued (by this process's fan-out): claim now rather than at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wakeUp?.();
  }

  /** Attempts this worker has made (sent or refused), for tests and logs. */
  get attempted(): number {
    return this.attemptCount;
  }

  /** Deletes settled deliveries older than the retention (and their attempts). */
  async prune(): Promise<number> {
    return pruneDeliveries(this.options.orm.em.fork(), this.options.settings.DELIVERY_RETENTION_DAYS);
  }

  private pruneNow(): void {
    if (this.stopped.signal.aborted) return;
    this.pruning = this.prune()
      .then((pruned) => {
        if (pruned > 0) this.logger.info({ pruned }, 'old deliveries pruned');
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'pruning old deliveries failed; will try again');
      })
      .finally(() => {
        this.pruning = undefined;
        if (this.stopped.signal.aborted) return;
        this.pruneTimer = setTimeout(() => {
          this.pruneNow();
        }, PRUNE_EVERY_MS);
        this.pruneTimer.unref();
      });
  }

  private async run(): Promise<void> {
    const { DELIVERY_CONCURRENCY, DELIVERY_PER_ENDPOINT, WEBHOOK_TIMEOUT_MS } = this.options.settings;
    while (!this.stopped.signal.aborted) {
      const free = DELIVERY_CONCURRENCY - this.inFlight.size;
      if (free <= 0) {
        await this.idle(IDLE_POLL_MS, false);
        continue;
      }
      let claimed: ClaimedDelivery[];
      this.nudged = false;
      try {
        claimed = await claimDueDeliveries(this.options.orm.em.fork(), {
          limit: free,
          perEndpoint: DELIVERY_PER_ENDPOINT,
          leaseMs: WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS,
        });
      } catch (error) {
        this.logger.warn({ err: error }, 'claiming deliveries failed; will try again');
        await this.idle(FAILURE_BACKOFF_MS, false);
        continue;
      }
      for (const delivery of claimed) this.track(this.deliver(delivery));
      // A full claim may have left more due rows behind; otherwise nothing more is due yet.
      if (claimed.length < free) await this.idle(IDLE_POLL_MS);
    }
  }

  private track(task: Promise<void>): void {
    this.inFlight.add(task);
    void task.finally(() => {
      this.inFlight.delete(task);
      this.wakeUp?.();
    });
  }

  /** One attempt of one claimed delivery; never rejects (a failure leaves the lease to run out, and the row is tried again). */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { orm, outbound, settings } = this.options;
    const ids = { deliveryId: delivery.id, webhookId: delivery.webhookId };
    try {
      if (!delivery.isActive) {
        // Spec §3: a deactivated webhook gets no more deliveries.
        await abandonDelivery(orm.em.fork(), delivery.id);
        return;
      }
      const sent = await sendDelivery(
        outbound,
        { url: delivery.url, secret: settings.WEBHOOK_SECRET_KEYS.open(delivery.secret), deliveryId: delivery.id, event: delivery.event, body: delivery.body },
        settings.WEBHOOK_TIMEOUT_MS,
      );
      this.attemptCount++;
      const recorded = await this.record({ delivery, sent });
      this.attempts.inc({ outcome: recorded.outcome });
      this.logger.debug({ ...ids, status: sent.status, error: sent.error, outcome: recorded.outcome, state: recorded.state }, 'delivery attempted');
      if (recorded.deactivated) {
        this.logger.info({ webhookId: delivery.webhookId, abandoned: recorded.abandoned }, 'webhook deactivated after consecutive failures');
      }
    } catch (error) {
      this.logger.error({ err: error, ...ids }, 'delivery attempt could not be recorded; it is retried once its lease runs out');
    }
  }

  /** Records an attempt with those answered about the same time, in one transaction. */
  private record(made: MadeAttempt): Promise<RecordedAttempt> {
    return new Promise((resolve, reject) => {
      this.unrecorded.push({ made, resolve, reject });
      this.recording ??= this.recordWaiting();
    });
  }

  private async recordWaiting(): Promise<void> {
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded.splice(0, MAX_RECORD_BATCH);
      // One attempt that cannot be recorded must not cost the others theirs: then record each alone.
      if (!(await this.recordTogether(batch, batch.length === 1))) for (const entry of batch) await this.recordTogether([entry], true);
    }
    this.recording = undefined;
  }

  /** One transaction for the batch; false when it failed (its attempts were rejected only when `rejectOnFailure`). */
  private async recordTogether(batch: readonly Unrecorded[], rejectOnFailure: boolean): Promise<boolean> {
    try {
      const recorded = await recordAttempts(
        this.options.orm.em.fork(),
        batch.map(({ made }) => made),
        this.policy,
      );
      batch.forEach((entry, index) => {
        const result = recorded[index];
        if (result) entry.resolve(result);
        else entry.reject(new Error('attempt missing from its batch'));
      });
      return true;
    } catch (error) {
      if (rejectOnFailure) for (const entry of batch) entry.reject(error);
      return false;
    }
  }

  /** Waits `ms`, or until woken (a send finished, close); a nudge ends it too when `heedNudges`. */
  private async idle(ms: number, heedNudges = true): Promise<void> {
    if (this.stopped.signal.aborted || (heedNudges && this.nudged)) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.wakeUp = undefined;
  }
}
