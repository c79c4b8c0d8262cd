import { Migration } from '@mikro-orm/migrations';

export class OAuthAppsGrantsSessions extends Migration {
  override name = '20261121120000_oauth_apps_grants_sessions';

  override up(): void {
    this.addSql(`create table oauth_app (
      id serial primary key,
      client_id text not null unique,
      designer_id integer not null references designer (id) on delete cascade,
      name text not null,
      redirect_uris jsonb not null,
      confidential boolean not null,
      client_secret_digest char(64) null,
      reviewed boolean not null default false,
      created_at timestamptz not null default now(),
      check (confidential = (client_secret_digest is not null))
    )`);
    this.addSql('create index oauth_app_designer on oauth_app (designer_id)');
    this.addSql(`create table oauth_grant (
      id serial primary key,
      app_id integer not null references oauth_app (id) on delete cascade,
      designer_id integer not null references designer (id) on delete cascade,
      scopes jsonb not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz null
    )`);
    this.addSql('create index oauth_grant_app on oauth_grant (app_id)');
    this.addSql('create index oauth_grant_designer on oauth_grant (designer_id)');
    this.addSql(`create table authorization_code (
      id serial primary key,
      code_digest char(64) not null unique,
      app_id integer not null references oauth_app (id) on delete cascade,
      designer_id integer not null references designer (id) on delete cascade,
      scopes jsonb not null,
      redirect_uri text not null,
      code_challenge text null,
      code_challenge_method text null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      grant_id integer null references oauth_grant (id) on delete cascade
    )`);
    this.addSql(`create table oauth_token (
      id serial primary key,
      grant_id integer not null references oauth_grant (id) on delete cascade,
      kind text not null check (kind in ('access', 'refresh')),
      token_digest char(64) not null unique,
      scopes jsonb not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      rotated_at timestamptz null,
      revoked_at timestamptz null
    )`);
    this.addSql('create index oauth_token_grant on oauth_token (grant_id)');
    this.addSql(`create table web_session (
      id serial primary key,
      session_digest char(64) not null unique,
      designer_id integer not null references designer (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
    this.addSql('create index web_session_designer on web_session (designer_id)');
  }
}
