import type { EntityManager } from '@mikro-orm/sql';
import { recordChanges } from './record-changes.ts';
import { enqueueEvents, type EventOrigin } from '@boardsync/kit';
import { rewriteArtwork } from '../domain/artwork.ts';
import { componentsChanged, sharedType } from '../domain/catalog-events.ts';
import type { Component } from '../store/entities/component.ts';
import { componentsByIds } from '../store/components.ts';
import { lockProjectWrites, ownedProject } from '../store/projects.ts';

export interface ArtworkRewrite {
  componentId: number;
  field: string;
  fromUrl: string;
  toUrl: string;
}

/**
 * `asset.internalize.completed`: points each copied artwork field at its stored copy, unless a
 * later write already replaced that URL, and records one `components.changed` for the rows that
 * changed. A replay changes nothing: a rewritten field no longer holds `fromUrl`.
 */
export async function applyInternalizedArtwork(
  em: EntityManager,
  projectId: number,
  rewritten: readonly ArtworkRewrite[],
  origin: EventOrigin & { designerId: number },
): Promise<void> {
  if (rewritten.length === 0) return;
  await em.transactional(async (tx) => {
    const project = await ownedProject(tx, origin.designerId, projectId);
    if (!project) return;
    await lockProjectWrites(tx, project.id);
    const components = await componentsByIds(tx, project.id, [...new Set(rewritten.map((entry) => entry.componentId))]);
    const byId = new Map(components.map((component) => [component.id, component]));
    const changed = new Set<Component>();
    for (const entry of rewritten) {
      const component = byId.get(entry.componentId);
      if (component && rewriteArtwork(component, entry.field, entry.fromUrl, entry.toUrl)) changed.add(component);
    }
    if (changed.size === 0) return;
    const now = new Date();
    for (const component of changed) component.updatedAt = now;
    const updated = [...changed];
    enqueueEvents(tx, [
      componentsChanged(projectId, { type: sharedType(updated.map((component) => component.type)), created: [], updated, deleted: 0 }, origin),
    ]);
    await tx.flush();
    // The copy is boardsync's own work, not the app's: a tool that skips its own writes must still see the new URLs.
    await recordChanges(tx, { designerId: origin.designerId, source: null }, [{ resource: 'component', action: 'updated', projectId, components: updated }]);
  });
}
