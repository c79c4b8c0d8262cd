import { Migration } from '@mikro-orm/migrations';

export class WebhooksAndDeliveries extends Migration {
  override name = '20261122120000_webhooks_and_deliveries';

  override up(): void {
    this.addSql(`create table webhook (
      id serial primary key,
      designer_id integer not null,
      app varchar(255) not null,
      url varchar(2048) not null,
      events text[] not null,
      secret varchar(100) not null,
      is_active boolean not null default true,
      last_delivered_at timestamptz null,
      last_status smallint null,
      consecutive_failures integer not null default 0,
      created_at timestamptz not null default now()
    )`);
    // The caller's app's webhooks for a designer (lists, the per-app cap), and fan-out by designer.
    this.addSql('create index webhook_designer_app on webhook (designer_id, app, id)');
    // Catalog events already fanned out: a redelivered message makes no second delivery.
    this.addSql(`create table fanned_out_event (
      event_id uuid primary key,
      fanned_out_at timestamptz not null default now()
    )`);
    // One per (event, webhook); its id is the X-SVC-Delivery id, the same on every attempt.
    this.addSql(`create table delivery (
      id uuid primary key,
      webhook_id integer not null references webhook (id) on delete cascade,
      event varchar(64) not null,
      body text not null,
      state text not null check (state in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz null,
      leased_until timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // What workers claim: due pending deliveries, oldest first.
    this.addSql(`create index delivery_due on delivery (next_attempt_at) where state = 'pending'`);
    this.addSql('create index delivery_webhook_newest on delivery (webhook_id, created_at desc)');
    this.addSql(`create table delivery_attempt (
      id bigserial primary key,
      delivery_id uuid not null references delivery (id) on delete cascade,
      attempted_at timestamptz not null,
      duration_ms integer not null,
      status smallint null,
      error_class varchar(64) null,
      response_excerpt text null
    )`);
    this.addSql('create index delivery_attempt_delivery on delivery_attempt (delivery_id, id)');
  }
}
