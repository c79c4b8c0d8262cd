import type { EntityManager } from '@mikro-orm/sql';
import { groupNameKey, maskOf, memberTypeOf, type GroupKind } from '../domain/group-rules.ts';
import { addMembers, endPositions, memberMasks, membershipsOfKind, removeMemberships } from '../store/group-members.ts';
import { ensureGroups } from '../store/groups.ts';
import type { StoredComponent } from '../store/stored-component.ts';

/** A written component and the group names its row sent. */
export interface GroupNamesEntry {
  index: number;
  component: StoredComponent;
  names: string[];
}

export interface MembershipRefusal {
  index: number;
  component: StoredComponent;
  group: string;
  message: string;
}

/**
 * Spec §4 write rule 7: `deck_names` / `stack_names` create the missing groups and make the
 * component a member of exactly those (of that kind); they never reorder a group, so a new member
 * joins at the end. A component whose mask differs from a group's other members does not join it
 * and is reported instead (the rest of the row is still written).
 * Returns the ids of components whose membership changed, and the refusals.
 */
export async function setGroupNames(
  em: EntityManager,
  projectId: number,
  kind: GroupKind,
  entries: readonly GroupNamesEntry[],
): Promise<{ changed: Set<number>; refused: MembershipRefusal[] }> {
  const changed = new Set<number>();
  const refused: MembershipRefusal[] = [];
  if (entries.length === 0) return { changed, refused };
  const groups = await ensureGroups(
    em,
    projectId,
    kind,
    entries.flatMap((entry) => entry.names),
  );
  const current = Map.groupBy(
    await membershipsOfKind(
      em,
      projectId,
      kind,
      entries.map((entry) => entry.component.id),
    ),
    (membership) => membership.componentId,
  );

  const groupById = new Map([...groups.values()].map(({ group }) => [group.id, group]));
  const masksByGroup = await memberMasks(em, [...groupById.keys()]);
  const nextPosition = await endPositions(em, [...groupById.keys()]);

  const removed: number[] = [];
  const added: { groupId: number; componentId: number; position: number }[] = [];
  for (const entry of entries) {
    const { component } = entry;
    const wantedIds = new Set(entry.names.map((name) => groups.get(groupNameKey(name))?.group.id).filter((id) => id !== undefined));
    for (const membership of current.get(component.id) ?? []) {
      if (wantedIds.has(membership.groupId)) {
        wantedIds.delete(membership.groupId);
        continue;
      }
      removed.push(membership.id);
      masksByGroup.get(membership.groupId)?.delete(component.id);
      changed.add(component.id);
    }
    const mask = maskOf(component);
    for (const groupId of wantedIds) {
      const group = groupById.get(groupId);
      if (!group) continue;
      const others = masksByGroup.get(groupId) ?? new Map<number, string>();
      const otherMasks = [...new Set([...others].filter(([id]) => id !== component.id).map(([, other]) => other))];
      if (component.type !== memberTypeOf(kind) || otherMasks.some((other) => other !== mask)) {
        refused.push({
          index: entry.index,
          component,
          group: group.name,
          message: `Not added to ${kind} "${group.name}": its members are cut as ${otherMasks.join(', ')} and this ${component.type} as ${mask}; a ${kind} holds one shape.`,
        });
        continue;
      }
      added.push({ groupId, componentId: component.id, position: nextPosition.get(groupId) ?? 0 });
      nextPosition.set(groupId, (nextPosition.get(groupId) ?? 0) + 1);
      others.set(component.id, mask);
      masksByGroup.set(groupId, others);
      changed.add(component.id);
    }
  }
  await removeMemberships(em, removed);
  await addMembers(em, added);
  return { changed, refused };
}
