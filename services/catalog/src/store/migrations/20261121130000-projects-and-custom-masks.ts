import { Migration } from '@mikro-orm/migrations';

export class ProjectsAndCustomMasks extends Migration {
  override name = '20261121130000_projects_and_custom_masks';

  override up(): void {
    this.addSql(`create table project (
      id serial primary key,
      designer_id integer not null,
      name varchar(255) not null,
      short_description varchar(500) null,
      description text null check (char_length(description) <= 20000),
      is_locked boolean not null default false,
      player_count_min smallint null check (player_count_min between 1 and 99),
      player_count_max smallint null check (player_count_max between 1 and 99),
      playtime_minutes integer null check (playtime_minutes >= 0),
      min_age smallint null check (min_age between 0 and 99),
      genre varchar(255) null,
      theme varchar(255) null,
      primary_mechanic varchar(255) null,
      edition varchar(255) null,
      logo_url text null,
      backdrop_url text null,
      website_url text null,
      catalog_id varchar(255) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // Newest first per designer (the list order), and the unlocked count for the plan cap.
    this.addSql('create index project_designer_newest on project (designer_id, created_at desc, id desc)');
    this.addSql(`create table custom_mask (
      id serial primary key,
      designer_id integer not null,
      kind text not null check (kind in ('card', 'token')),
      name varchar(255) not null,
      name_key varchar(255) not null,
      aspect varchar(16) null,
      created_at timestamptz not null default now(),
      unique (designer_id, name_key)
    )`);
  }
}
