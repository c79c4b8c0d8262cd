import { Migration } from '@mikro-orm/migrations';
import { DELIVERIES_QUEUED_CHANNEL } from '../delivery-queue.ts';

/**
 * A committed insert of deliveries raises DELIVERIES_QUEUED_CHANNEL (the kit's ChangeSignals), so
 * the workers of every replica claim them at once, not only the one whose fan-out queued them.
 */
export class DeliveriesQueuedSignal extends Migration {
  override name = '20261126010000_deliveries_queued_signal';

  override up(): void {
    this.addSql(`create function delivery_queued_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${DELIVERIES_QUEUED_CHANNEL}', '');
        return null;
      end $$`);
    this.addSql('create trigger delivery_queued_notify after insert on delivery for each statement execute function delivery_queued_notify()');
  }

  override down(): void {
    this.addSql('drop trigger delivery_queued_notify on delivery');
    this.addSql('drop function delivery_queued_notify()');
  }
}
