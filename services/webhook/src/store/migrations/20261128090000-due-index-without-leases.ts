import { Migration } from '@mikro-orm/migrations';

/**
 * `delivery_due` holds only the rows a claim may take as they are (pending, unleased): the rows
 * being sent no longer sit at its head for every claim and every "anything due?" to step over (a
 * few hundred per worker), and claiming or lengthening a lease adds no entry to it. Leased rows are
 * found through `delivery_leased`, now ordered by the lease's end: a claim counts the live leases
 * per webhook from it, and finds the few whose worker died (the lease ran out) at its head.
 */
export class DueIndexWithoutLeases extends Migration {
  override name = '20261128090000_due_index_without_leases';

  override up(): void {
    this.addSql('drop index delivery_due');
    this.addSql(`create index delivery_due on delivery (next_attempt_at, queued_seq) where state = 'pending' and leased_until is null`);
    this.addSql('drop index delivery_leased');
    this.addSql(`create index delivery_leased on delivery (leased_until) include (webhook_id) where state = 'pending' and leased_until is not null`);
  }
}
