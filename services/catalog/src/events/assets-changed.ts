import { Topics, decodeEnvelope, type Database, type SubscribeOptions } from '@boardsync/kit';
import { recordAssetChanges } from '../use-cases/record-asset-changes.ts';

/** Consumes `asset.changed` into the designer's changes feed, in each project's order (the topic's key). */
export function assetsChangedConsumer(orm: Database): SubscribeOptions {
  return {
    groupId: 'catalog-asset-changes',
    topics: [Topics.assetsChanged],
    handler: async (message) => {
      await recordAssetChanges(orm.em.fork(), decodeEnvelope(message.value));
    },
  };
}
