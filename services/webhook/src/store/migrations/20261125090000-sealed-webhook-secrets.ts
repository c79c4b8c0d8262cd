import { Migration } from '@mikro-orm/migrations';

/** Signing secrets are stored sealed (`sealed:v1:<key id>:…`), longer than the 100 characters a bare `whsec_` secret needed. */
export class SealedWebhookSecrets extends Migration {
  override name = '20261125090000_sealed_webhook_secrets';

  override up(): void {
    this.addSql('alter table webhook alter column secret type text');
  }
}
