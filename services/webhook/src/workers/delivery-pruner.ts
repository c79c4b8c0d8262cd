import type { Database, Logger } from '@boardsync/kit';
import { pruneDeliveries } from '../store/delivery-log.ts';

const PRUNE_EVERY_MS = 10 * 60_000;
const FIRST_PRUNE_AFTER_MS = 60_000;

/** Deletes settled deliveries older than the retention (and their attempts), a minute after start and every ten minutes. */
export class DeliveryPruner {
  private readonly orm: Database;
  private readonly logger: Logger;
  private readonly retentionDays: number;
  private timer: NodeJS.Timeout | undefined;
  private pruning: Promise<void> | undefined;
  private closed = false;

  constructor(orm: Database, logger: Logger, retentionDays: number) {
    this.orm = orm;
    this.logger = logger;
    this.retentionDays = retentionDays;
  }

  start(): void {
    this.schedule(FIRST_PRUNE_AFTER_MS);
  }

  /** Stops the schedule; resolves once a pruning under way has ended. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.pruning;
  }

  private schedule(afterMs: number): void {
    if (this.closed || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.pruneNow();
    }, afterMs);
    this.timer.unref();
  }

  private pruneNow(): void {
    this.timer = undefined;
    if (this.closed) return;
    this.pruning = pruneDeliveries(this.orm.em.fork(), this.retentionDays)
      .then((pruned) => {
        if (pruned > 0) this.logger.info({ pruned }, 'old deliveries pruned');
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'pruning old deliveries failed; will try again');
      })
      .finally(() => {
        this.pruning = undefined;
        this.schedule(PRUNE_EVERY_MS);
      });
  }
}
