import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { groupInProject } from '../store/groups.ts';

export const groupNotFound = (): Problem => Problem.notFound('group');

/** The project's group for a request: 404 when absent (or in another project). */
export async function findGroup(em: EntityManager, projectId: number, id: number): Promise<ComponentGroup> {
  const group = await groupInProject(em, projectId, id);
  if (!group) throw groupNotFound();
  return group;
}
