import { Topics, decodeEnvelope, type SubscribeOptions } from '@boardsync/kit/core';
import type { Introspector } from '../introspection/introspector.ts';

/**
 * A designer's plan rides in the cached introspection answer; every replica (a group of its own)
 * drops that designer's answers when the plan changes, so the next request asks auth again and
 * carries the new limits. Older changes are moot: their answers left the cache long ago.
 */
export function planChangeConsumer(introspector: Introspector, replicaId: string): SubscribeOptions {
  return {
    groupId: `gateway-plan-changes-${replicaId}`,
    topics: [Topics.designerPlanChanged],
    fromBeginning: false,
    handler: (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case === 'designerPlanChanged') introspector.forgetDesigner(envelope.event.value.designerId);
      return Promise.resolve();
    },
  };
}
