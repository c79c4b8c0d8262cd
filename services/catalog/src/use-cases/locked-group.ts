import type { EntityManager } from '@mikro-orm/sql';
import type { Principal } from '@boardsync/kit';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { findGroup } from './group-access.ts';
import { lockWritableProject } from './project-access.ts';

/** The path's group: `{project}` then `{group}`, as the API addresses it. */
export interface GroupAddress {
  project: number;
  group: number;
}

/** Runs a change to the addressed group in one transaction holding its project's write lock. */
export function changeLockedGroup(
  em: EntityManager,
  principal: Principal,
  address: GroupAddress,
  change: (tx: EntityManager, group: ComponentGroup) => Promise<void>,
): Promise<ComponentGroup> {
  return em.transactional(async (tx) => {
    const project = await lockWritableProject(tx, principal.designerId, address.project);
    const group = await findGroup(tx, project.id, address.group);
    await change(tx, group);
    return group;
  });
}
