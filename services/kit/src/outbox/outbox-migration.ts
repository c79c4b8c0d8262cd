import { Migration } from '@mikro-orm/migrations';
import { OUTBOX_CHANNEL } from '../db/change-signals.ts';
import { OUTBOX_LANES } from './lanes.ts';

/** Include in every service migration list that writes events. */
export class OutboxMigration extends Migration {
  override name = '20261121000000_kit_outbox';

  override up(): void {
    this.addSql(`create table outbox_message (
      id bigserial primary key,
      topic text not null,
      message_key text not null,
      payload bytea not null,
      headers jsonb not null default '{}',
      lane smallint not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz null
    )`);
    this.addSql('create index outbox_message_pending on outbox_message (lane, id) where sent_at is null');
    this.addSql('create index outbox_message_sent on outbox_message (sent_at) where sent_at is not null');
    // One row per lane: a relay holds a lane's row lock while it publishes that lane, so
    // concurrent relays never publish the same key out of order or twice.
    this.addSql('create table outbox_lane (lane smallint primary key)');
    this.addSql(`insert into outbox_lane (lane) select generate_series(0, ${OUTBOX_LANES - 1})`);
  }

  override down(): void {
    this.addSql('drop table outbox_lane');
    this.addSql('drop table outbox_message');
  }
}

/**
 * A committed insert into the outbox raises OUTBOX_CHANNEL (ChangeSignals), once per statement and
 * folded per transaction by Postgres, so other replicas' relays publish at once. Include after
 * OutboxMigration.
 */
export class OutboxNotifyMigration extends Migration {
  override name = '20261126000000_kit_outbox_notify';

  override up(): void {
    this.addSql(`create function outbox_message_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${OUTBOX_CHANNEL}', '');
        return null;
      end $$`);
    this.addSql('create trigger outbox_message_notify after insert on outbox_message for each statement execute function outbox_message_notify()');
  }

  override down(): void {
    this.addSql('drop trigger outbox_message_notify on outbox_message');
    this.addSql('drop function outbox_message_notify()');
  }
}
