import { Migration } from '@mikro-orm/migrations';

export class DesignersAndPersonalTokens extends Migration {
  override name = '20261121100000_designers_and_personal_tokens';

  override up(): void {
    this.addSql(`create table designer (
      id serial primary key,
      name text not null,
      email text not null unique,
      password_hash text not null,
      storage_limit_bytes bigint not null check (storage_limit_bytes >= 0),
      unlocked_project_limit integer null check (unlocked_project_limit >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table personal_token (
      id serial primary key,
      designer_id integer not null references designer (id) on delete cascade,
      name text not null,
      token_digest char(64) not null unique,
      scopes jsonb not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz null
    )`);
    this.addSql('create index personal_token_designer on personal_token (designer_id)');
  }
}
