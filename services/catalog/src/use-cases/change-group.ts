import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal } from '@boardsync/kit';
import { groupNameKey, type GroupKind } from '../domain/group-rules.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { otherGroupNamed } from '../store/groups.ts';
import { groupChanges, memberComponentsOf, recordChanges } from './record-changes.ts';
import { changeLockedGroup, type GroupAddress } from './locked-group.ts';

export interface GroupChange {
  name?: string | undefined;
  position?: number | null | undefined;
  kind?: GroupKind | undefined;
}

function nameTaken(kind: GroupKind, name: string): Problem {
  return new Problem({ status: 409, code: 'name_taken', detail: `This project already has a ${kind} named "${name}".` });
}

/** `PATCH groups/{group}`: renames (409 onto another group's name; its own in another case is fine) and moves; never changes kind. */
export function changeGroup(em: EntityManager, principal: Principal, address: GroupAddress, change: GroupChange): Promise<ComponentGroup> {
  return changeLockedGroup(em, principal, address, async (tx, group) => {
    if (change.kind !== undefined && change.kind !== group.kind)
      throw Problem.validation({ kind: ['cannot be changed: create a group of the other kind instead'] });
    const was = { name: group.name, position: group.position ?? null };
    if (change.name !== undefined) {
      const nameKey = groupNameKey(change.name);
      if (nameKey !== group.nameKey && (await otherGroupNamed(tx, group, nameKey))) throw nameTaken(group.kind, change.name.trim());
      group.nameKey = nameKey;
      group.name = change.name.trim();
    }
    if (change.position !== undefined) group.position = change.position;
    if (group.name === was.name && (group.position ?? null) === was.position) return;
    await tx.flush();
    await recordChanges(tx, principal, groupChanges(group, 'updated', [await memberComponentsOf(tx, group)]));
  });
}
