import { Migration } from '@mikro-orm/migrations';

/**
 * The Idempotency-Key records of a service that honours the header (docs/rules.md "Assets"):
 * one per designer, app and key. The asset service made this table in its first migration, so it
 * is created only where it is not there yet.
 */
export class IdempotencyMigration extends Migration {
  override name = '20261129220000_kit_idempotency';

  override up(): void {
    this.addSql(`create table if not exists idempotency_record (
      designer_id integer not null,
      source varchar(255) not null,
      key varchar(255) not null,
      fingerprint char(64) not null,
      state text not null check (state in ('pending', 'done')),
      claim_token uuid not null,
      response jsonb null,
      created_at timestamptz not null default now(),
      primary key (designer_id, source, key)
    )`);
    this.addSql('create index if not exists idempotency_record_age on idempotency_record (created_at)');
  }

  override down(): void {
    this.addSql('drop table if exists idempotency_record');
  }
}

/**
 * The kept answer as its text was sent (`json`, not `jsonb`, which reorders an object's keys): a replay
 * answers the first body byte for byte, key order included.
 */
export class IdempotencyAnswerAsSentMigration extends Migration {
  override name = '20261130010000_kit_idempotency_answer_as_sent';

  override up(): void {
    this.addSql('alter table idempotency_record alter column response type json using response::json');
  }

  override down(): void {
    this.addSql('alter table idempotency_record alter column response type jsonb using response::jsonb');
  }
}
