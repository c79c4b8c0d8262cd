import { z } from 'zod';
import type { DeliveryState } from '../store/entities/delivery.ts';
import { webhookParam } from './webhook-requests.ts';

export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const satisfies readonly DeliveryState[];
// Both cases spelled out rather than an `i` flag: the contract's JSON Schema `pattern` carries no flags.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** `{webhook}` and `{delivery}`: a delivery id is its X-SVC-Delivery UUID; anything else is 422 naming `delivery` (as a bad `{webhook}` is), never a lookup. */
export const deliveryParams = webhookParam.extend({
  delivery: z
    .string()
    .regex(UUID, 'must be a delivery id: the UUID sent as X-SVC-Delivery')
    .transform((id) => id.toLowerCase()),
});

/** `?status=`: one of the delivery states, or absent for all. */
export const deliveryListQuery = z.object({
  status: z.enum(DELIVERY_STATES, { error: `must be one of ${DELIVERY_STATES.join(', ')}` }).optional(),
});

const TIMESTAMP = 'must be an ISO 8601 timestamp with a time zone, such as 2026-01-31T09:00:00Z';

/** `{since, until?}`: the window (by creation time) whose failed deliveries are re-queued. */
export const recoverBody = z.object({
  since: z.iso.datetime({ offset: true, error: TIMESTAMP }),
  until: z.iso.datetime({ offset: true, error: TIMESTAMP }).optional(),
});

export type RecoverRequest = z.infer<typeof recoverBody>;
