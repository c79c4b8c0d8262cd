import { Topics, decodeEnvelope, type SubscribeOptions } from '@boardsync/kit';
import type { AssetRuntime } from '../use-cases/asset-runtime.ts';
import { internalizeArtwork } from '../use-cases/internalize-artwork.ts';

const HEARTBEAT_MS = 3_000;

/** Consumes `asset.internalize.requested` (from the catalog's `internalize_images` writes). */
export function internalizeRequestedConsumer(runtime: AssetRuntime): SubscribeOptions {
  return {
    groupId: 'asset-internalize',
    topics: [Topics.internalizeRequested],
    handler: async (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case !== 'internalizeRequested') return;
      const { projectId, artwork, storageLimitBytes } = envelope.event.value;
      // One copy can outlast the group's session timeout (a slow fetch, a wait for the image pool): keep saying we are alive.
      const alive = setInterval(() => {
        message.heartbeat().catch((error: unknown) => {
          runtime.logger.debug({ err: error }, 'heartbeat failed');
        });
      }, HEARTBEAT_MS);
      try {
        await internalizeArtwork(runtime, { envelope, projectId, artwork, storageLimitBytes });
      } finally {
        clearInterval(alive);
      }
    },
  };
}
