import { IdempotencyAnswerAsSentMigration, IdempotencyMigration, OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { WebhooksAndDeliveries } from './20261122120000-webhooks-and-deliveries.ts';
import { SealedWebhookSecrets } from './20261125090000-sealed-webhook-secrets.ts';
import { DeliveryQueueOrder } from './20261125210000-delivery-queue-order.ts';
import { DeliveriesQueuedSignal } from './20261126010000-deliveries-queued-signal.ts';
import { DeliveryTrace } from './20261126120000-delivery-trace.ts';
import { WebhookFailingIndex } from './20261127090000-webhook-failing-index.ts';
import { DueIndexWithoutLeases } from './20261128090000-due-index-without-leases.ts';
import { DeliveryDesigner } from './20261128150000-delivery-designer.ts';
import { WebhookRegistrant } from './20261129090000-webhook-registrant.ts';
import { DeliveriesRequeuedSignal } from './20261129180000-deliveries-requeued-signal.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [
  OutboxMigration,
  WebhooksAndDeliveries,
  SealedWebhookSecrets,
  DeliveryQueueOrder,
  OutboxNotifyMigration,
  DeliveriesQueuedSignal,
  DeliveryTrace,
  WebhookFailingIndex,
  DueIndexWithoutLeases,
  DeliveryDesigner,
  WebhookRegistrant,
  DeliveriesRequeuedSignal,
  IdempotencyMigration,
  IdempotencyAnswerAsSentMigration,
];
