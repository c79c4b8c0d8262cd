import { Migration } from '@mikro-orm/migrations';

/**
 * Active webhooks that are failing, for the `webhook_receivers_failing` and
 * `webhook_failure_streak_max` gauges: a scrape reads this small index (usually a handful of rows)
 * rather than every registered webhook. A success resets the count to 0, which takes the row out.
 */
export class WebhookFailingIndex extends Migration {
  override name = '20261127090000_webhook_failing_index';

  override up(): void {
    this.addSql('create index webhook_failing on webhook (consecutive_failures) where is_active and consecutive_failures > 0');
  }
}
