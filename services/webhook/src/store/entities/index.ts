import { OutboxMessage } from '@boardsync/kit';
import { Delivery } from './delivery.ts';
import { DeliveryAttempt } from './delivery-attempt.ts';
import { Webhook } from './webhook.ts';

export const entities = [Webhook, Delivery, DeliveryAttempt, OutboxMessage];
export { Delivery, DeliveryAttempt, Webhook };
