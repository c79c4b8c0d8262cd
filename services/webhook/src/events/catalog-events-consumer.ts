import { Topics, decodeEnvelope, type Database, type DeliveredMessage, type Envelope, type Logger, type SubscribeOptions } from '@boardsync/kit';
import type { ComponentsChangedData, ProjectUpdatedData } from '../domain/event-schemas.ts';
import { refreshQueueStatistics } from '../store/delivery-queue.ts';
import { fanOutEvents, type CatalogEvent } from '../use-cases/fan-out-events.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Deliveries queued since the queue's statistics were last refreshed that call for a refresh (refreshQueueStatistics). */
const REFRESH_STATISTICS_AFTER = 1_000;
const REFRESH_STATISTICS_AT_MOST_EVERY_MS = 10_000;

/** The webhook event (docs/rules.md "Events and delivery") for a catalog envelope, or undefined for anything webhooks do not carry. */
export function webhookEventOf(envelope: Envelope): CatalogEvent | undefined {
  const base = { eventId: envelope.eventId, designerId: envelope.designerId, occurredAt: envelope.occurredAt ?? new Date() };
  switch (envelope.event?.$case) {
    case 'componentsChanged': {
      const { projectId, type, created, updated, deleted, components } = envelope.event.value;
      const data: ComponentsChangedData = {
        project_id: projectId,
        type,
        created,
        updated,
        deleted,
        components: components.map(({ id, name, type: componentType }) => ({ id, name, type: componentType })),
      };
      return { ...base, event: 'components.changed', data };
    }
    case 'projectUpdated': {
      const { projectId, changed } = envelope.event.value;
      const data: ProjectUpdatedData = { project_id: projectId, changed };
      return { ...base, event: 'project.updated', data };
    }
    default:
      return undefined;
  }
}

/**
 * Consumes the catalog's `components.changed` and `project.updated` and queues their deliveries
 * (docs/decisions.md, "Events"), a batch of messages in one transaction; sending is the delivery worker's,
 * so no write ever waits on a receiver. A message that cannot be read is logged and skipped:
 * retrying it would hold its partition forever.
 */
export function catalogEventsConsumer(orm: Database, logger: Logger, onQueued: () => void = () => undefined): SubscribeOptions {
  const log = logger.child({ component: 'webhook-fan-out' });
  const usable = (message: DeliveredMessage): CatalogEvent | undefined => {
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(message.value);
    } catch (error) {
      log.error({ err: error, topic: message.topic, partition: message.partition, offset: message.offset }, 'unreadable catalog event skipped');
      return undefined;
    }
    const event = webhookEventOf(envelope);
    if (event === undefined) return undefined;
    if (!UUID.test(event.eventId) || !Number.isSafeInteger(event.designerId) || event.designerId <= 0) {
      log.error({ eventId: event.eventId, topic: message.topic, offset: message.offset }, 'catalog event without a usable event id or designer skipped');
      return undefined;
    }
    const { traceparent } = message.headers;
    return traceparent === undefined ? event : { ...event, traceparent };
  };
  let queuedSinceRefresh = 0;
  let refreshedAt = 0;
  const refreshStatisticsAfterBurst = (queued: number): void => {
    queuedSinceRefresh += queued;
    if (queuedSinceRefresh < REFRESH_STATISTICS_AFTER || Date.now() - refreshedAt < REFRESH_STATISTICS_AT_MOST_EVERY_MS) return;
    queuedSinceRefresh = 0;
    refreshedAt = Date.now();
    refreshQueueStatistics(orm.em.fork()).catch((error: unknown) => {
      log.warn({ err: error }, 'refreshing the delivery queue statistics failed');
    });
  };
  return {
    groupId: 'webhook-fan-out',
    topics: [Topics.componentsChanged, Topics.projectUpdated],
    batchHandler: async (messages) => {
      const events = messages.map(usable).filter((event) => event !== undefined);
      const queued = await fanOutEvents(orm.em.fork(), events);
      // Committed: this process's delivery worker can claim them now.
      if (queued > 0) onQueued();
      refreshStatisticsAfterBurst(queued);
      log.debug({ events: events.length, queued, first: events[0]?.eventId }, 'catalog events fanned out');
    },
  };
}
