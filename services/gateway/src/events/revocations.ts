import { randomUUID } from 'node:crypto';
import { Topics, decodeEnvelope, type EventBus, type Subscription } from '@boardsync/kit';
import type { Introspector } from '../introspection/introspector.ts';

/**
 * Every gateway replica hears every revocation (its own consumer group) and forgets the token at
 * once; only revocations from now on matter, since older ones left the cache long ago.
 */
export function evictOnRevocation(bus: EventBus, introspector: Introspector, replicaId: string = randomUUID()): Promise<Subscription> {
  return bus.subscribe({
    groupId: `gateway-revocations-${replicaId}`,
    topics: [Topics.tokenRevoked],
    fromBeginning: false,
    handler: (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case === 'tokenRevoked') introspector.evict(envelope.event.value.tokenHashes);
      return Promise.resolve();
    },
  });
}
