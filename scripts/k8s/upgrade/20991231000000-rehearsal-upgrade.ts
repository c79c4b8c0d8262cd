import { Migration } from '@mikro-orm/migrations';

/**
 * Carried only by the image tests/k8s upgrades to (scripts/k8s/k8s.sh upgrade-image): a new
 * migration that the pre-upgrade hook Job must apply before the new pods start, and that the
 * previous release's code must run beside after `helm rollback` (it only adds).
 */
export class RehearsalUpgrade extends Migration {
  override name = '20991231000000_rehearsal_upgrade';

  override up(): void {
    this.addSql('create table rehearsal_upgrade (id serial primary key, upgraded_at timestamptz not null default now())');
    this.addSql('insert into rehearsal_upgrade default values');
  }
}
