import type { EntityManager } from '@mikro-orm/sql';
import type { Project } from '../store/entities/project.ts';
import { findAnyProject } from './project-access.ts';
import { recordChanges } from './record-changes.ts';

/**
 * Operators lock a project (it then refuses every write and frees a slot of the unlocked cap) or
 * unlock it; a real change is in the designer's changes feed, written by no app.
 */
export async function setProjectLock(em: EntityManager, id: number, locked: boolean): Promise<Project> {
  return em.transactional(async (tx) => {
    const project = await findAnyProject(tx, id);
    if (project.isLocked === locked) return project;
    project.isLocked = locked;
    await tx.flush();
    await recordChanges(tx, { designerId: project.designerId, source: null }, [{ resource: 'project', action: 'updated', project }]);
    return project;
  });
}
