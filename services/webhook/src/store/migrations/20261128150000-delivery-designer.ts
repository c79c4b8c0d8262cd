import { Migration } from '@mikro-orm/migrations';

/**
 * Each delivery carries its webhook's designer, so a claim can go round the designers with due
 * deliveries (`delivery_due_by_designer`, one index descent per designer) instead of taking the
 * oldest due rows overall, which one designer's backlog can fill. Expand only: the column stays
 * nullable while pods of the previous release, which insert without it, may still serve; the
 * trigger fills it for them (and costs nothing when the insert names it, as the fan-out now does).
 * The backfill rewrites the rows kept for DELIVERY_RETENTION_DAYS once, in the migration's transaction.
 */
export class DeliveryDesigner extends Migration {
  override name = '20261128150000_delivery_designer';

  override up(): void {
    this.addSql('alter table delivery add column designer_id integer');
    this.addSql('update delivery d set designer_id = w.designer_id from webhook w where w.id = d.webhook_id');
    this.addSql(`create function delivery_designer_fill() returns trigger language plpgsql as $$
      begin
        select designer_id into new.designer_id from webhook where id = new.webhook_id;
        return new;
      end $$`);
    this.addSql(
      'create trigger delivery_designer_fill before insert on delivery for each row when (new.designer_id is null) execute function delivery_designer_fill()',
    );
    this.addSql(
      `create index delivery_due_by_designer on delivery (designer_id, next_attempt_at, queued_seq) where state = 'pending' and leased_until is null`,
    );
  }
}
