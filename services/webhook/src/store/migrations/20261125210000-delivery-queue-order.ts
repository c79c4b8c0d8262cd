import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries queued in one transaction share `now()`: `queued_seq` keeps the order they were queued
 * in (a batch of catalog events fans out in one statement), and claims take due rows in that order.
 * `delivery_leased` holds only the rows leased right now, so a claim counts each webhook's leases
 * without reading the whole table (a sequential scan of every retained delivery, 6-8 ms at 20,000).
 */
export class DeliveryQueueOrder extends Migration {
  override name = '20261125210000_delivery_queue_order';

  override up(): void {
    this.addSql('alter table delivery add column queued_seq bigint generated always as identity');
    this.addSql('drop index delivery_due');
    this.addSql(`create index delivery_due on delivery (next_attempt_at, queued_seq) where state = 'pending'`);
    this.addSql(`create index delivery_leased on delivery (webhook_id) where state = 'pending' and leased_until is not null`);
  }
}
