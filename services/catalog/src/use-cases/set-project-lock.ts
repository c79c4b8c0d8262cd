import type { EntityManager } from '@mikro-orm/sql';
import type { Project } from '../store/entities/project.ts';
import { findAnyProject } from './project-access.ts';

/** Operators lock a project (it then refuses every write and frees a slot of the unlocked cap) or unlock it. */
export async function setProjectLock(em: EntityManager, id: number, locked: boolean): Promise<Project> {
  const project = await findAnyProject(em, id);
  project.isLocked = locked;
  await em.flush();
  return project;
}
