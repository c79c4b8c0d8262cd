import { Migration } from '@mikro-orm/migrations';

/** When a code was presented again: an exchange still storing its grant then stores nothing. */
export class AuthorizationCodeReplays extends Migration {
  override name = '20261125080000_authorization_code_replays';

  override up(): void {
    this.addSql('alter table authorization_code add column replayed_at timestamptz null');
  }
}
