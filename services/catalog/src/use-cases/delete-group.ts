import type { EntityManager } from '@mikro-orm/sql';
import type { Principal } from '@boardsync/kit';
import { removeGroup } from '../store/groups.ts';
import { groupChanges, memberComponentsOf, recordChanges } from './record-changes.ts';
import { changeLockedGroup, type GroupAddress } from './locked-group.ts';

/** `DELETE groups/{group}`: the group and its memberships go; the components stay. */
export async function deleteGroup(em: EntityManager, principal: Principal, address: GroupAddress): Promise<void> {
  await changeLockedGroup(em, principal, address, async (tx, group) => {
    const members = await memberComponentsOf(tx, group);
    await removeGroup(tx, group);
    await recordChanges(tx, principal, groupChanges(group, 'deleted', [members]));
  });
}
