import { Topics, decodeEnvelope, type Database, type Logger, type SubscribeOptions } from '@boardsync/kit';
import type { ConsentStanding } from '../outbound/consent-standing.ts';
import { withdrawConsents } from '../store/consents.ts';

/**
 * Hears auth's revocations (`auth.token.revoked`): the webhooks an ended consent registered stop
 * and their queued deliveries are dropped at once, and nothing remembered of the designer's
 * consents is believed any more. Sends check the consent themselves too (workers/send-gate.ts), so
 * a revocation whose event is late or lost still stops them; this makes it immediate and durable.
 */
export function consentRevocationsConsumer(orm: Database, consents: ConsentStanding, logger: Logger): SubscribeOptions {
  const log = logger.child({ component: 'consent-revocations' });
  return {
    groupId: 'webhook-consent-revocations',
    topics: [Topics.tokenRevoked],
    handler: async (message) => {
      let envelope;
      try {
        envelope = decodeEnvelope(message.value);
      } catch (error) {
        log.error({ err: error, topic: message.topic, partition: message.partition, offset: message.offset }, 'unreadable revocation skipped');
        return;
      }
      if (envelope.event?.$case !== 'tokenRevoked' || !Number.isSafeInteger(envelope.designerId) || envelope.designerId <= 0) return;
      const { designerId } = envelope;
      // Auth committed the revocation before this event: whatever is asked from now on hears it.
      consents.forgetDesigner(designerId);
      const stopped = await withdrawConsents(orm.em.fork(), designerId, envelope.event.value.endedConsents);
      if (stopped.length > 0) log.info({ designerId, webhooks: stopped }, 'webhooks stopped: the consent they were registered under was withdrawn');
    },
  };
}
