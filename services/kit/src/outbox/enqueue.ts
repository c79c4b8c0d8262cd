import type { EntityManager } from '@mikro-orm/core';
import type { OutgoingMessage } from '../bus/port.ts';
import { injectActiveContext } from '../telemetry/trace-context.ts';
import { laneFor } from './lanes.ts';
import { OutboxMessage } from './outbox-message.ts';

/**
 * Adds events to the caller's unit of work: they are stored by the same flush and commit as the
 * change they describe, and published afterwards by the relay. Call inside `em.transactional`.
 */
export function enqueueEvents(em: EntityManager, messages: OutgoingMessage[]): void {
  for (const message of messages) {
    em.create(OutboxMessage, {
      topic: message.topic,
      messageKey: message.key,
      payload: Buffer.from(message.value),
      // The trace of the request that wrote it (none while tracing is off): the relay's publish continues it.
      headers: injectActiveContext({ ...message.headers }),
      lane: laneFor(message.key),
      sentAt: null,
    });
  }
}
