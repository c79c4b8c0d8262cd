import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { componentWithUniqueId } from '../store/components.ts';
import { recordChanges } from './record-changes.ts';
import { lockWritableProject } from './project-access.ts';
import { recordDeletion } from './component-deletion-event.ts';

/** `DELETE components/{uniqueId}`: 404 when absent, 403 `forbidden` when another source (or the editor) made it. */
export async function deleteComponent(em: EntityManager, principal: Principal, projectId: number, uniqueId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const project = await lockWritableProject(tx, principal.designerId, projectId);
    const component = await componentWithUniqueId(tx, project.id, uniqueId);
    if (!component) throw Problem.notFound('component');
    if (component.source !== principal.source) {
      throw Problem.forbidden(
        component.source === null
          ? 'This component was made by hand in the editor (or imported); an app can update it but never delete it.'
          : 'This component was created by another app; only the app that created a component can delete it.',
      );
    }
    const gone = { id: component.id, uniqueId: component.uniqueId };
    tx.remove(component);
    recordDeletion(tx, principal, project.id, [component.type]);
    await tx.flush();
    await recordChanges(tx, principal, [{ resource: 'component', action: 'deleted', projectId: project.id, components: [gone] }]);
  });
}
