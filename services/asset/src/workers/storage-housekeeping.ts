import { dropExpiredIdempotencyRecords } from '@boardsync/kit';
import { dropLapsedReservations } from '../store/storage-ledger.ts';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';

const EVERY_MS = 10 * 60 * 1000;

/** Every few minutes: forget lapsed storage reservations and idempotency records past their day. */
export class StorageHousekeeping {
  readonly name = 'asset housekeeping';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  private readonly runtime: AssetRuntime;
  private readonly idempotencyTtlHours: number;

  constructor(runtime: AssetRuntime, idempotencyTtlHours: number) {
    this.runtime = runtime;
    this.idempotencyTtlHours = idempotencyTtlHours;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.sweep();
    }, EVERY_MS);
    this.timer.unref();
  }

  async sweep(): Promise<void> {
    try {
      const em = this.runtime.orm.em.fork();
      const reservations = await dropLapsedReservations(em);
      const records = await dropExpiredIdempotencyRecords(em, this.idempotencyTtlHours);
      if (reservations + records > 0) this.runtime.logger.info({ reservations, records }, 'storage housekeeping');
    } catch (error) {
      this.runtime.logger.warn({ err: error }, 'storage housekeeping failed; it runs again later');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
