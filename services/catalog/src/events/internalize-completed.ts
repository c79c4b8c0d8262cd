import { Topics, decodeEnvelope, type Database, type Logger, type SubscribeOptions } from '@boardsync/kit';
import { applyInternalizedArtwork } from '../use-cases/apply-internalized-artwork.ts';

/**
 * Consumes `asset.internalize.completed` and applies the copies. Redelivery is harmless: the use
 * case changes nothing, and emits nothing, for fields already rewritten.
 */
export function internalizeCompletedConsumer(orm: Database, logger: Logger): SubscribeOptions {
  return {
    groupId: 'catalog-internalize',
    topics: [Topics.internalizeCompleted],
    handler: async (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case !== 'internalizeCompleted') return;
      const { projectId, rewritten, failed } = envelope.event.value;
      if (failed.length > 0) logger.info({ projectId, failed: failed.length }, 'some artwork could not be copied; those components keep their external URLs');
      await applyInternalizedArtwork(orm.em.fork(), projectId, rewritten, envelope);
    },
  };
}
