import { Migration } from '@mikro-orm/migrations';
import { CHANGES_CHANNEL } from '../change-log.ts';

/**
 * The changes feed (docs/decisions.md "Changes feed"): one row per change of a designer's data,
 * numbered per designer. `change_head` holds the last number given and how far retention has
 * pruned; a writer takes the next numbers by updating that row as the last statement of its
 * transaction, so a designer's numbers commit in order, with no gap a reader could pass over.
 * An update of the head raises CHANGES_CHANNEL with the designer's id, so a waiting reader on any
 * replica looks again at once.
 */
export class ChangeFeed extends Migration {
  override name = '20261129100000_change_feed';

  override up(): void {
    this.addSql(`create table change_head (
      designer_id integer primary key,
      seq bigint not null default 0,
      pruned_through bigint not null default 0
    )`);
    this.addSql(`create table change (
      designer_id integer not null,
      seq bigint not null,
      project_id integer not null,
      resource varchar(16) not null,
      action varchar(16) not null,
      resource_id integer not null,
      unique_id varchar(255) null,
      app varchar(255) null,
      data jsonb null,
      occurred_at timestamptz not null default now(),
      primary key (designer_id, seq)
    )`);
    // The events (asset.changed) already recorded: a redelivered one records nothing twice.
    this.addSql('create table change_event (event_id uuid primary key, received_at timestamptz not null default now())');
    this.addSql('create index change_designer_project_seq on change (designer_id, project_id, seq)');
    this.addSql('create index change_occurred_at on change (occurred_at)');
    this.addSql(`create function change_head_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${CHANGES_CHANNEL}', new.designer_id::text);
        return null;
      end $$`);
    this.addSql('create trigger change_head_notify after insert or update of seq on change_head for each row execute function change_head_notify()');
  }

  override down(): void {
    this.addSql('drop trigger change_head_notify on change_head');
    this.addSql('drop function change_head_notify()');
    this.addSql('drop table change_event');
    this.addSql('drop table change');
    this.addSql('drop table change_head');
  }
}
