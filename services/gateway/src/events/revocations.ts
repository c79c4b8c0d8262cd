import { Topics, decodeEnvelope, type SubscribeOptions } from '@boardsync/kit/core';
import type { Introspector } from '../introspection/introspector.ts';
import type { HeldRequests } from '../proxy/held-requests.ts';

/**
 * Every gateway replica hears every revocation (a consumer group of its own, named by its replica
 * identity), forgets the token at once and ends the long-polls and streams it holds on it; only
 * revocations from now on matter, since older ones left the cache long ago.
 */
export function revocationConsumer(introspector: Introspector, heldRequests: HeldRequests, replicaId: string): SubscribeOptions {
  return {
    groupId: `gateway-revocations-${replicaId}`,
    topics: [Topics.tokenRevoked],
    fromBeginning: false,
    handler: (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case === 'tokenRevoked') {
        introspector.evict(envelope.event.value.tokenHashes);
        heldRequests.endFor(envelope.event.value.tokenHashes);
      }
      return Promise.resolve();
    },
  };
}
