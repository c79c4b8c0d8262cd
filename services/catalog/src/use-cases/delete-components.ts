import type { EntityManager } from '@mikro-orm/sql';
import type { Principal } from '@boardsync/kit';
import type { ComponentType } from '../domain/component-types.ts';
import { deleteRowsOfSource } from '../store/components.ts';
import { recordChanges } from './record-changes.ts';
import { lockWritableProject } from './project-access.ts';
import { recordDeletion } from './component-deletion-event.ts';

/** `DELETE components[?type=]`: only the rows stamped with the caller's source tag; returns how many went. */
export async function deleteComponents(em: EntityManager, principal: Principal, projectId: number, type: ComponentType | undefined): Promise<number> {
  return em.transactional(async (tx) => {
    const project = await lockWritableProject(tx, principal.designerId, projectId);
    const deleted = await deleteRowsOfSource(tx, { projectId: project.id, source: principal.source }, type);
    if (deleted.length > 0) {
      recordDeletion(
        tx,
        principal,
        project.id,
        deleted.map((row) => row.type),
      );
      await tx.flush();
      await recordChanges(tx, principal, [{ resource: 'component', action: 'deleted', projectId: project.id, components: deleted }]);
    }
    return deleted.length;
  });
}
