import { eventMessage, type EventOrigin, type OutgoingMessage } from '@boardsync/kit/core';

/**
 * `auth.token.revoked`: the digests of tokens that just died, so every gateway drops its cached
 * answers for them at once, and the consents that ended with them (domain/credentials.ts), so the
 * webhook service stops what they registered. Keyed by the first digest (the gateway evicts by
 * digest), or by the consent when no token of it was live.
 */
export function tokenRevoked(key: string, tokenHashes: string[], origin: EventOrigin, endedConsents: string[] = []): OutgoingMessage {
  return eventMessage(key, { $case: 'tokenRevoked', value: { tokenHashes, endedConsents } }, origin);
}

export interface PlanLimits {
  designerId: number;
  storageLimitBytes: number;
  /** Null when uncapped: the event then carries no cap. */
  unlockedProjectLimit: number | null;
}

/** `auth.designer.plan-changed`, keyed by designer, so every gateway drops that designer's cached plan. */
export function designerPlanChanged(plan: PlanLimits, origin: EventOrigin): OutgoingMessage {
  const { designerId, storageLimitBytes, unlockedProjectLimit } = plan;
  return eventMessage(
    String(designerId),
    {
      $case: 'designerPlanChanged',
      value: { designerId, storageLimitBytes, ...(unlockedProjectLimit === null ? {} : { unlockedProjectLimit }) },
    },
    origin,
  );
}
