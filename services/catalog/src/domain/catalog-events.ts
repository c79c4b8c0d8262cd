import { eventMessage, type ArtworkRef, type EventOrigin, type OutgoingMessage } from '@boardsync/kit/core';

interface ComponentRefSource {
  id: number;
  name?: string | null | undefined;
  type: string;
}

export interface ComponentChange {
  /** The type the write covered; empty when one write covered several (a bulk delete of every type). */
  type: string;
  created: readonly ComponentRefSource[];
  updated: readonly ComponentRefSource[];
  deleted: number;
}

/** `components.changed` (docs/rules.md "components.changed"): created and updated rows listed, deleted rows only counted. Keyed by project. */
export function componentsChanged(projectId: number, change: ComponentChange, origin: EventOrigin): OutgoingMessage {
  const ref = (component: ComponentRefSource) => ({ id: component.id, name: component.name ?? '', type: component.type });
  return eventMessage(
    String(projectId),
    {
      $case: 'componentsChanged',
      value: {
        projectId,
        type: change.type,
        created: change.created.length,
        updated: change.updated.length,
        deleted: change.deleted,
        components: [...change.created, ...change.updated].map(ref),
      },
    },
    origin,
  );
}

/** The one type several components share, or empty. */
export function sharedType(types: Iterable<string>): string {
  const distinct = new Set(types);
  return distinct.size === 1 ? ([...distinct][0] ?? '') : '';
}

/** `asset.internalize.requested`: copy this external artwork into the designer's storage. */
export function internalizeRequested(projectId: number, artwork: ArtworkRef[], storageLimitBytes: number, origin: EventOrigin): OutgoingMessage {
  return eventMessage(String(projectId), { $case: 'internalizeRequested', value: { projectId, artwork, storageLimitBytes } }, origin);
}
