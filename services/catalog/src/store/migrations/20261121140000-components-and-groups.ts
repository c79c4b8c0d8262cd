import { Migration } from '@mikro-orm/migrations';

export class ComponentsAndGroups extends Migration {
  override name = '20261121140000_components_and_groups';

  override up(): void {
    this.addSql(`create table component (
      id serial primary key,
      project_id integer not null references project (id) on delete cascade,
      type varchar(32) not null,
      unique_id varchar(255) not null,
      name varchar(255) null,
      book_name varchar(255) null,
      page_name varchar(255) null,
      quantity integer null,
      description text null,
      notes text null,
      size jsonb null,
      color varchar(16) null,
      color_back varchar(16) null,
      shape varchar(64) null,
      card_mask_type varchar(64) null,
      mask_image boolean not null default false,
      material varchar(255) null,
      image_url text null,
      back_image_url text null,
      image_rotation smallint not null default 0 check (image_rotation in (0, 90, 180, 270)),
      facing smallint null check (facing in (0, 90, 180, 270)),
      phys_width_in double precision null,
      phys_height_in double precision null,
      weight_lbs double precision null,
      cost_per_unit double precision null,
      sort_order integer null,
      playtest_scale_x double precision null,
      playtest_scale_y double precision null,
      die_faces jsonb null,
      die_face_labels jsonb null,
      dice_style varchar(16) null,
      spinner_sections jsonb null,
      source varchar(255) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (project_id, unique_id)
    )`);
    // The list order (type, then the designer's sort_order, then id); also serves the type filter,
    // the per-project count, and paging deep into a 100,000-row project as an index-only scan.
    this.addSql('create index component_list_order on component (project_id, type, sort_order, id)');
    // The name filter and name matching on write.
    this.addSql('create index component_name on component (project_id, name)');
    this.addSql(`create table component_group (
      id serial primary key,
      project_id integer not null references project (id) on delete cascade,
      kind varchar(8) not null check (kind in ('deck', 'stack')),
      name varchar(255) not null,
      name_key varchar(255) not null,
      position integer null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (project_id, kind, name_key)
    )`);
    this.addSql(`create table group_member (
      id serial primary key,
      group_id integer not null references component_group (id) on delete cascade,
      component_id integer not null references component (id) on delete cascade,
      position integer null,
      count integer null check (count >= 0),
      face_up boolean null,
      unique (group_id, component_id)
    )`);
    this.addSql('create index group_member_component on group_member (component_id)');
  }
}
