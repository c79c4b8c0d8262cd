import type { Registry } from 'prom-client';
import { WakeSignal, type Database, type Logger } from '@boardsync/kit';
import type { SafeHttpClient } from '@boardsync/kit/outbound';
import type { WebhookSettings } from '../config.ts';
import { heldLease, type ClaimedDelivery, type DeliveryQueue, type HeldLease } from '../use-cases/delivery-queue.ts';
import type { MadeAttempt, RecordedAttempt } from '../use-cases/record-attempts.ts';
import { sendDelivery } from '../outbound/send-delivery.ts';
import { ClaimsAhead } from './claims-ahead.ts';
import { DeliveryMetrics } from './delivery-metrics.ts';
import { DeliverySpan } from './delivery-span.ts';
import { DesignerShares } from './designer-shares.ts';
import { OpenedSecrets } from './opened-secrets.ts';
import { SendGate } from './send-gate.ts';
import type { ConsentStanding } from '../outbound/consent-standing.ts';
import { UnextendedLeases } from './unextended-leases.ts';
import { LEASE_MARGIN_MS, IDLE_POLL_MS, FAILURE_BACKOFF_MS, CLOSE_GRACE_MS, CLAIM_AHEAD_FACTOR, CLAIM_LEASE_MS, MAX_RECORD_BATCH } from './pacing.ts';

/** An attempt answered and waiting for the worker's next turn to record it, with the span that ends once it is. */
interface Answered {
  made: MadeAttempt;
  span: DeliverySpan;
}

export interface DeliveryWorkerOptions {
  orm: Database;
  /** What every change of the queue goes through. */
  queue: DeliveryQueue;
  outbound: SafeHttpClient;
  logger: Logger;
  /** Whether the consent a webhook was registered under still stands (send-gate.ts). */
  consents: ConsentStanding;
  /** Where `DeliveryMetrics` are registered (the service's metrics registry). */
  registry: Registry;
  /** What wakes the worker; given when others nudge it too (redeliver and recover, through the API). */
  wake?: WakeSignal;
  settings: Pick<
    WebhookSettings,
    | 'WEBHOOK_RETRY_DELAYS'
    | 'WEBHOOK_SECRET_KEYS'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'WEBHOOK_DEACTIVATE_AFTER'
    | 'DELIVERY_CONCURRENCY'
    | 'DELIVERY_PER_ENDPOINT'
    | 'DELIVERY_PER_DESIGNER'
  >;
}

/**
 * Sends due deliveries: claims them under a lease (so replicas share the work without sending one
 * twice), POSTs each, records the attempt, and keeps at most DELIVERY_CONCURRENCY sends in flight
 * here, DELIVERY_PER_DESIGNER of them for one designer (designer-shares.ts: claims and free slots go
 * round the designers), and DELIVERY_PER_ENDPOINT leases per webhook across replicas. It works in turns, one
 * transaction each: record every attempt answered since the last turn (which frees their leases),
 * then claim due deliveries, up to CLAIM_AHEAD_FACTOR times DELIVERY_CONCURRENCY ahead of the sends in flight. A send slot
 * that frees up takes the next delivery claimed ahead at once, so sends never wait for a turn. A
 * turn starts when an answer comes in, when this process's fan-out queued deliveries (nudge), or
 * at the slow idle poll.
 */
export class DeliveryWorker {
  readonly name = 'webhook delivery worker';
  private readonly options: DeliveryWorkerOptions;
  private readonly logger: Logger;
  private readonly stopped = new AbortController();
  /** Each claimed delivery's send, until it is answered. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Sends not yet answered (what DELIVERY_CONCURRENCY bounds), with the leases they were claimed under. */
  private readonly sending = new Map<string, HeldLease>();
  /** Each designer's share of the send slots and of the claims. */
  private readonly shares: DesignerShares;
  /** Claimed ahead, waiting for a send slot: an answer starts the next at once instead of waiting for a turn. */
  private readonly ahead: ClaimsAhead;
  private readonly answered: Answered[] = [];
  /** Sends still under their claim leases; a turn lengthens those claimed a while ago. */
  private readonly unextended = new UnextendedLeases();
  private readonly secrets: OpenedSecrets;
  private readonly gate: SendGate;
  /** Nudged by this process's fan-out and redeliveries, hinted by another's (claim only if anything is due), rung by an answer. */
  private readonly wake: WakeSignal;
  /** The last claim took all it asked for: more are likely due, so the next claims without asking first. */
  private lastClaimFull = false;
  private loop: Promise<void> | undefined;
  private attemptCount = 0;
  private readonly metrics: DeliveryMetrics;

  constructor(options: DeliveryWorkerOptions) {
    this.options = options;
    this.logger = options.logger.child({ component: 'delivery-worker' });
    this.secrets = new OpenedSecrets(options.settings.WEBHOOK_SECRET_KEYS, this.logger);
    this.gate = new SendGate(options.orm, options.queue, options.consents);
    this.wake = options.wake ?? new WakeSignal();
    this.metrics = new DeliveryMetrics(options.registry, () => this.sending.size / options.settings.DELIVERY_CONCURRENCY);
    this.shares = new DesignerShares(options.settings.DELIVERY_PER_DESIGNER, CLAIM_AHEAD_FACTOR);
    this.ahead = new ClaimsAhead(this.shares);
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops claiming, then waits (bounded) for the sends in flight to be answered and recorded. */
  async close(): Promise<void> {
    this.stopped.abort();
    // Rung, not aborted into the wait: while stopping, the loop still waits for the sends' answers.
    this.wake.ring();
    const grace = this.options.settings.WEBHOOK_TIMEOUT_MS + CLOSE_GRACE_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, grace, 'timeout')));
    const settled = await Promise.race([Promise.all([this.loop, ...this.inFlight]), timedOut]);
    clearTimeout(timer);
    // Their leases run out and other replicas (or this one, restarted) send them again.
    if (settled === 'timeout') this.logger.warn({ sending: this.sending.size, unrecorded: this.answered.length }, 'deliveries still in flight at shutdown');
  }

  /** Deliveries were just queued (by this process's fan-out): claim now rather than at the next poll. */
  nudge(): void {
    this.wake.nudge();
  }

  /** Deliveries may have been queued elsewhere (a Postgres notification): look now, claiming only if any is due. */
  hint(): void {
    this.wake.hint();
  }

  /** Attempts this worker has made (sent or refused), for tests and logs. */
  get attempted(): number {
    return this.attemptCount;
  }

  private async run(): Promise<void> {
    const { DELIVERY_CONCURRENCY, DELIVERY_PER_ENDPOINT, WEBHOOK_TIMEOUT_MS } = this.options.settings;
    const leaseMs = WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
    for (;;) {
      const stopping = this.stopped.signal.aborted;
      await this.handBackClaims(this.ahead.takeHandBack(stopping));
      // Stopping: no more claims, but every send still out is answered and recorded first.
      if (stopping && this.sending.size === 0 && this.answered.length === 0) return;
      const room = stopping ? 0 : (1 + CLAIM_AHEAD_FACTOR) * DELIVERY_CONCURRENCY - this.sending.size - this.ahead.size;
      if (this.answered.length === 0 && room <= 0) {
        await this.extendStartedLeases(leaseMs);
        await this.wake.wait(IDLE_POLL_MS, { heedQueue: false });
        continue;
      }
      const answered = this.answered.splice(0, MAX_RECORD_BATCH);
      const started = this.unextended.takeDue();
      const { nudged } = this.wake.take();
      let claimed: ClaimedDelivery[];
      try {
        const turn = await this.options.queue.turn({
          started: started.map(({ lease }) => lease),
          sendingLeaseMs: leaseMs,
          made: answered.map(({ made }) => made),
          claim: room > 0 ? this.shares.claimLimits({ limit: room, perEndpoint: DELIVERY_PER_ENDPOINT, leaseMs: CLAIM_LEASE_MS }, this.ahead) : undefined,
          claimOnlyIfDue: !nudged && !this.lastClaimFull,
        });
        answered.forEach((entry, index) => {
          this.settled(entry, turn.recorded[index]);
        });
        claimed = turn.claimed;
      } catch (error) {
        this.logger.warn({ err: error, answered: answered.length }, 'recording attempts or claiming deliveries failed; will try again');
        // Lengthened first: the recordings one by one below may outlast a claim lease.
        this.unextended.putBack(started, (id) => this.sending.has(id));
        await this.extendStartedLeases(leaseMs);
        // One attempt that cannot be recorded must not cost the others theirs: record each alone.
        for (const entry of answered) {
          await this.options.queue.record([entry.made]).then(
            ([recorded]) => {
              this.settled(entry, recorded);
            },
            (failure: unknown) => {
              this.unrecorded(entry, failure);
            },
          );
        }
        await this.wake.wait(FAILURE_BACKOFF_MS, { heedQueue: false });
        continue;
      }
      if (room > 0) this.lastClaimFull = claimed.length >= room;
      this.ahead.add(claimed);
      this.sendClaimed();
      // A full claim may have left more due rows behind; otherwise nothing more is due yet.
      if (this.answered.length === 0 && claimed.length < room)
        // Woken early by an answer, a nudge or hint, or close; already nudged or hinted, at once.
        await this.wake.wait(IDLE_POLL_MS, { heedQueue: true });
    }
  }

  /** Starts sends for deliveries claimed ahead while there are free send slots, each designer within its share (a stale one is handed back instead). */
  private sendClaimed(): void {
    while (!this.stopped.signal.aborted && this.sending.size < this.options.settings.DELIVERY_CONCURRENCY) {
      const next = this.ahead.next();
      if (next === undefined) return;
      this.track(this.deliver(next.delivery, next.claimedAt));
    }
  }

  /** Deliveries claimed but not sent go back to the queue now (stale, or the worker is stopping), not when their leases run out. */
  private async handBackClaims(deliveries: readonly ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    try {
      await this.options.queue.handBack(deliveries);
    } catch (error) {
      this.logger.warn({ err: error, deliveries: deliveries.length }, 'could not hand back deliveries claimed ahead; their leases run out instead');
    }
  }

  /** A turn lengthens the leases of sends whose claims are EXTEND_AFTER_MS old; this does when no turn is due. */
  private async extendStartedLeases(leaseMs: number): Promise<void> {
    const due = this.unextended.takeDue();
    if (due.length === 0) return;
    try {
      await this.options.queue.lengthen(
        due.map(({ lease }) => lease),
        leaseMs,
      );
    } catch (error) {
      this.unextended.putBack(due, (id) => this.sending.has(id));
      this.logger.warn({ err: error, deliveries: due.length }, 'could not lengthen the leases of sends in flight; will try again');
    }
  }

  private track(task: Promise<void>): void {
    this.inFlight.add(task);
    void task.finally(() => {
      this.inFlight.delete(task);
    });
  }

  /** Sends one claimed delivery and hands its answer to the loop; never rejects (a failure leaves the lease to run out, and the row is tried again). */
  private async deliver(delivery: ClaimedDelivery, claimedAt: number): Promise<void> {
    const { outbound, settings } = this.options;
    const ids = { deliveryId: delivery.id, webhookId: delivery.webhookId };
    let sent;
    const held = heldLease(delivery);
    this.sending.set(delivery.id, held);
    this.shares.started(delivery.designerId);
    const span = new DeliverySpan(delivery);
    // Its lease is lengthened from here on: the gate may wait on auth, and a lease that ran out meanwhile would let another claim it.
    this.unextended.add(held, claimedAt);
    try {
      if (!(await this.gate.admits(delivery))) {
        span.end();
        return;
      }
      this.metrics.sendStarted(delivery, delivery.dueForMs + (performance.now() - claimedAt));
      sent = await sendDelivery(
        outbound,
        {
          url: delivery.url,
          secret: this.secrets.open(delivery.secret, delivery.webhookId),
          deliveryId: delivery.id,
          event: delivery.event,
          body: delivery.body,
        },
        settings.WEBHOOK_TIMEOUT_MS,
      );
    } catch (error) {
      this.logger.error({ err: error, ...ids }, 'delivery could not be attempted; it is retried once its lease runs out');
      span.failed(error);
      span.end();
      return;
    } finally {
      this.unextended.delete(delivery.id);
      this.sending.delete(delivery.id);
      this.shares.finished(delivery.designerId);
      this.sendClaimed();
    }
    this.attemptCount++;
    span.sent(sent);
    // Recorded by the loop's next turn, with every other attempt answered meanwhile, in one transaction.
    this.answered.push({ made: { delivery, sent }, span });
    this.wake.ring();
  }

  /** What a turn recorded of one attempt: counted, on its span, logged; a deactivation said once. */
  private settled({ made, span }: Answered, recorded: RecordedAttempt | undefined): void {
    if (!recorded) {
      this.unrecorded({ made, span }, new Error('attempt missing from its turn'));
      return;
    }
    const { delivery, sent } = made;
    this.metrics.recorded(recorded);
    span.recorded(recorded);
    span.end();
    const { outcome, state } = recorded;
    this.logger.debug({ deliveryId: delivery.id, webhookId: delivery.webhookId, status: sent.status, error: sent.error, outcome, state }, 'delivery attempted');
    if (recorded.deactivated) {
      this.logger.info({ webhookId: delivery.webhookId, abandoned: recorded.abandoned }, 'webhook deactivated after consecutive failures');
    }
  }

  private unrecorded({ made, span }: Answered, error: unknown): void {
    this.logger.error(
      { err: error, deliveryId: made.delivery.id, webhookId: made.delivery.webhookId },
      'delivery attempt could not be recorded; it is retried once its lease runs out',
    );
    span.failed(error);
    span.end();
  }
}
