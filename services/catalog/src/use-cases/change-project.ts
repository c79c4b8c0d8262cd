import type { EntityManager } from '@mikro-orm/sql';
import { Problem, enqueueEvents, eventMessage, type Principal } from '@boardsync/kit';
import { assignProjectFields, playerCountErrors, type ProjectChange } from '../domain/project-input.ts';
import type { Project } from '../store/entities/project.ts';
import { findWritableProject } from './project-access.ts';
import { recordChanges } from './record-changes.ts';

/**
 * `PATCH /projects/{project}`: applies the fields sent, leaving the rest untouched, and records
 * `project.updated` with the names of the fields whose value really changed, in the same
 * transaction; a no-op write records nothing.
 */
export async function changeProject(em: EntityManager, principal: Principal, id: number, change: ProjectChange): Promise<Project> {
  return em.transactional(async (tx) => {
    const project = await findWritableProject(tx, principal.designerId, id);
    const min = change.player_count_min !== undefined ? change.player_count_min : project.playerCountMin;
    const max = change.player_count_max !== undefined ? change.player_count_max : project.playerCountMax;
    const playerCounts = playerCountErrors(min, max, change);
    if (playerCounts) throw Problem.validation(playerCounts);
    const changed = assignProjectFields(project, change);
    if (changed.length === 0) return project;
    enqueueEvents(tx, [eventMessage(String(project.id), { $case: 'projectUpdated', value: { projectId: project.id, changed } }, principal)]);
    await tx.flush();
    await recordChanges(tx, principal, [{ resource: 'project', action: 'updated', project }]);
    return project;
  });
}
