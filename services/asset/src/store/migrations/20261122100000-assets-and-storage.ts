import { Migration } from '@mikro-orm/migrations';

export class AssetsAndStorage extends Migration {
  override name = '20261122100000_assets_and_storage';

  override up(): void {
    this.addSql(`create table asset (
      id bigserial primary key,
      designer_id integer not null,
      project_id integer not null,
      key varchar(1024) not null unique,
      name varchar(255) not null,
      size bigint not null check (size >= 0),
      content_type varchar(64) not null,
      source_url text null,
      internalize_event_id uuid null,
      created_at timestamptz not null default now()
    )`);
    // A project's folder, newest first (the list order).
    this.addSql('create index asset_project_newest on asset (designer_id, project_id, created_at desc, id desc)');
    // An internalize request copies each URL once, however often it is redelivered.
    this.addSql('create unique index asset_internalized_once on asset (internalize_event_id, source_url) where internalize_event_id is not null');
    // Settled bytes per designer, changed in the same transaction as the asset rows they count.
    this.addSql(`create table storage_usage (
      designer_id integer primary key,
      used_bytes bigint not null default 0 check (used_bytes >= 0)
    )`);
    // Bytes promised to uploads in flight; a crashed upload's promise lapses at expires_at.
    this.addSql(`create table storage_reservation (
      id uuid primary key,
      designer_id integer not null,
      bytes bigint not null check (bytes >= 0),
      expires_at timestamptz not null
    )`);
    this.addSql('create index storage_reservation_designer on storage_reservation (designer_id, expires_at)');
    this.addSql(`create table idempotency_record (
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
    this.addSql('create index idempotency_record_age on idempotency_record (created_at)');
    // Internalize requests already answered: a redelivery copies and publishes nothing again.
    this.addSql(`create table internalize_job (
      event_id uuid primary key,
      project_id integer not null,
      completed_at timestamptz not null default now()
    )`);
  }
}
