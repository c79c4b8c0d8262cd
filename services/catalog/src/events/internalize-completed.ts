import { Topics, decodeEnvelope, enqueueEvents, type Database, type Logger, type SubscribeOptions } from '@boardsync/kit';
import { rewriteArtwork } from '../domain/artwork.ts';
import { Component } from '../store/entities/component.ts';
import { Project } from '../store/entities/project.ts';
import { lockProjectWrites } from '../store/projects.ts';
import { componentsChanged, sharedType } from './catalog-events.ts';

/**
 * Consumes `asset.internalize.completed`: points each copied artwork field at its stored copy,
 * unless a later write already replaced that URL, and emits one `components.changed` for the rows
 * that changed. Redelivery is harmless: a field already rewritten no longer holds `from_url`, so a
 * second pass changes nothing and emits nothing.
 */
export function internalizeCompletedConsumer(orm: Database, logger: Logger): SubscribeOptions {
  return {
    groupId: 'catalog-internalize',
    topics: [Topics.internalizeCompleted],
    handler: async (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case !== 'internalizeCompleted') return;
      const { projectId, rewritten, failed } = envelope.event.value;
      if (failed.length > 0) logger.info({ projectId, failed: failed.length }, 'some artwork could not be copied; those components keep their external URLs');
      if (rewritten.length === 0) return;
      await orm.em.fork().transactional(async (tx) => {
        const project = await tx.findOne(Project, { id: projectId, designerId: envelope.designerId });
        if (!project) return;
        await lockProjectWrites(tx, project.id);
        const components = await tx.find(Component, { projectId, id: { $in: [...new Set(rewritten.map((entry) => entry.componentId))] } });
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
        enqueueEvents(tx, [componentsChanged(projectId, { type: sharedType(updated.map((component) => component.type)), created: [], updated, deleted: 0 }, envelope)]);
        await tx.flush();
      });
    },
  };
}
