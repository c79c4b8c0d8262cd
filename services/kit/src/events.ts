import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from './bus/port.ts';
import { Envelope } from './proto/boardsync/events/v1/envelope.ts';

export { Envelope } from './proto/boardsync/events/v1/envelope.ts';
export type { ComponentsChanged, ComponentRef, ProjectUpdated } from './proto/boardsync/events/v1/catalog.ts';
export type {
  InternalizeRequested,
  InternalizeCompleted,
  ArtworkRef,
  ArtworkRewrite,
  ArtworkFailure,
  AssetsChanged,
  AssetChange,
} from './proto/boardsync/events/v1/asset.ts';
export type { DesignerPlanChanged, TokenRevoked } from './proto/boardsync/events/v1/auth.ts';

/** The topics of docs/decisions.md ("Events"), and the event each carries. */
export const Topics = {
  componentsChanged: 'catalog.components.changed',
  projectUpdated: 'catalog.project.updated',
  internalizeRequested: 'asset.internalize.requested',
  internalizeCompleted: 'asset.internalize.completed',
  assetsChanged: 'asset.changed',
  tokenRevoked: 'auth.token.revoked',
  designerPlanChanged: 'auth.designer.plan-changed',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
export type EventBody = NonNullable<Envelope['event']>;

const TOPIC_OF: Record<EventBody['$case'], Topic> = {
  componentsChanged: Topics.componentsChanged,
  projectUpdated: Topics.projectUpdated,
  internalizeRequested: Topics.internalizeRequested,
  internalizeCompleted: Topics.internalizeCompleted,
  assetsChanged: Topics.assetsChanged,
  tokenRevoked: Topics.tokenRevoked,
  designerPlanChanged: Topics.designerPlanChanged,
};

export interface EventOrigin {
  designerId: number;
  source: string;
  requestId?: string;
}

/** Wraps an event in its envelope and addresses it to its topic, keyed as docs/decisions.md says ("Events"). */
export function eventMessage(key: string, event: EventBody, origin: EventOrigin, now = new Date()): OutgoingMessage {
  const envelope: Envelope = {
    eventId: randomUUID(),
    occurredAt: now,
    designerId: origin.designerId,
    source: origin.source,
    requestId: origin.requestId ?? '',
    event,
  };
  return {
    topic: TOPIC_OF[event.$case],
    key,
    value: Envelope.encode(envelope).finish(),
    headers: { 'event-id': envelope.eventId, 'event-type': event.$case },
  };
}

export function decodeEnvelope(value: Uint8Array): Envelope {
  return Envelope.decode(value);
}
