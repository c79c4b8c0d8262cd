import { Migration } from '@mikro-orm/migrations';

/**
 * The W3C `traceparent` of the fan-out that queued a delivery, so each attempt is a span of the
 * trace of the change that caused it (docs/operations.md "Follow one change"). Null while tracing
 * is off, and for deliveries queued before; a nullable column without a default is added without
 * rewriting the table.
 */
export class DeliveryTrace extends Migration {
  override name = '20261126120000_delivery_trace';

  override up(): void {
    this.addSql('alter table delivery add column traceparent text');
  }
}
