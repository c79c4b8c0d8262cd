import { Migration } from '@mikro-orm/migrations';

/**
 * A delivery queued again (redeliver, recover: pending again, or due sooner than it was, and
 * unleased) raises DELIVERIES_QUEUED_CHANNEL as a new one does, so every replica's worker claims
 * it at once rather than at its next poll. A retry scheduled later, a settlement or a hand-back
 * raises nothing.
 */
export class DeliveriesRequeuedSignal extends Migration {
  override name = '20261129180000_deliveries_requeued_signal';

  override up(): void {
    this.addSql(
      `create trigger delivery_requeued_notify after update of state, next_attempt_at on delivery for each row
         when (new.state = 'pending' and new.leased_until is null and (old.state <> 'pending' or new.next_attempt_at < old.next_attempt_at))
         execute function delivery_queued_notify()`,
    );
  }

  override down(): void {
    this.addSql('drop trigger delivery_requeued_notify on delivery');
  }
}
