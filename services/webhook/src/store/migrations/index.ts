import { OutboxMigration } from '@boardsync/kit';
import { WebhooksAndDeliveries } from './20261122120000-webhooks-and-deliveries.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [OutboxMigration, WebhooksAndDeliveries];
