import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import type { Project } from '../store/entities/project.ts';
import { lockOwnedProject, ownedProject, projectById } from '../store/projects.ts';

// A designer's project for a request, or the answer when it is not theirs to use: absent and
// someone else's are the same 404 (never reveal existence); a locked one refuses writes with 409.

export const projectNotFound = (): Problem => Problem.notFound('project');

export function projectLocked(): Problem {
  return new Problem({ status: 409, code: 'project_locked', detail: 'This project is locked: it refuses every write until it is unlocked.' });
}

/** Any designer's project, for operators (the admin API): 404 when absent. */
export async function findAnyProject(em: EntityManager, id: number): Promise<Project> {
  const project = await projectById(em, id);
  if (!project) throw projectNotFound();
  return project;
}

/** The designer's project, or 404 whether it is absent or someone else's. */
export async function findProject(em: EntityManager, designerId: number, id: number): Promise<Project> {
  const project = await ownedProject(em, designerId, id);
  if (!project) throw projectNotFound();
  return project;
}

/** The designer's project for a write: also refused while locked. */
export async function findWritableProject(em: EntityManager, designerId: number, id: number): Promise<Project> {
  const project = await findProject(em, designerId, id);
  if (project.isLocked) throw projectLocked();
  return project;
}

/** The designer's project for a write to its components or groups, its write lock held until the transaction ends. */
export async function lockWritableProject(em: EntityManager, designerId: number, id: number): Promise<Pick<Project, 'id'>> {
  const row = await lockOwnedProject(em, designerId, id);
  if (!row) throw projectNotFound();
  if (row.isLocked) throw projectLocked();
  return { id: row.id };
}
