import { Migration } from '@mikro-orm/migrations';
import { CONSENT_WITHDRAWN_CHANNEL } from '../consents.ts';

/**
 * Each webhook names the consent it was registered under (`registrant`: `pat:{id}` or
 * `grant:{id}`), so data reaches it only while that consent stands, and says why it is inactive.
 * Rows registered before keep an app-wide name (`app:{client_id}`, `pat:*`: any live grant of the
 * app, any live personal token), which the backfill and, for pods of the previous release still
 * inserting without the column, the trigger write. A webhook stopped for a withdrawn consent
 * raises CONSENT_WITHDRAWN_CHANNEL, so every replica forgets the standing it remembered.
 */
export class WebhookRegistrant extends Migration {
  override name = '20261129090000_webhook_registrant';

  override up(): void {
    this.addSql('alter table webhook add column registrant text');
    this.addSql('alter table webhook add column inactive_reason text');
    this.addSql(`update webhook set registrant = case when app = 'api:personal' then 'pat:*' else 'app:' || substr(app, 5) end`);
    this.addSql(`update webhook set inactive_reason = 'failures' where not is_active`);
    // Not null: the trigger below fills it before the constraint is checked.
    this.addSql(`create function webhook_registrant_fill() returns trigger language plpgsql as $$
      begin
        new.registrant := case when new.app = 'api:personal' then 'pat:*' else 'app:' || substr(new.app, 5) end;
        return new;
      end $$`);
    this.addSql(
      'create trigger webhook_registrant_fill before insert on webhook for each row when (new.registrant is null) execute function webhook_registrant_fill()',
    );
    this.addSql('alter table webhook alter column registrant set not null');
    this.addSql('create index webhook_by_registrant on webhook (designer_id, registrant)');
    this.addSql(`create function webhook_consent_withdrawn_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${CONSENT_WITHDRAWN_CHANNEL}', '');
        return null;
      end $$`);
    this.addSql(
      `create trigger webhook_consent_withdrawn_notify after update of is_active on webhook for each row
         when (old.is_active and not new.is_active and new.inactive_reason = 'consent_withdrawn') execute function webhook_consent_withdrawn_notify()`,
    );
  }
}
