import { Topics, decodeEnvelope, type SubscribeOptions } from '@boardsync/kit';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';
import { internalizeArtwork } from '../use-cases/internalize-artwork.ts';

/** Consumes `asset.internalize.requested` (from the catalog's `internalize_images` writes). */
export function internalizeRequestedConsumer(runtime: AssetRuntime): SubscribeOptions {
  return {
    groupId: 'asset-internalize',
    topics: [Topics.internalizeRequested],
    handler: async (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case !== 'internalizeRequested') return;
      const { projectId, artwork, storageLimitBytes } = envelope.event.value;
      await internalizeArtwork(runtime, { envelope, projectId, artwork, storageLimitBytes, stillWorking: () => message.heartbeat() });
    },
  };
}
