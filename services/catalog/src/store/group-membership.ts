import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import { groupNameKey, maskOf, memberTypeOf, type GroupKind } from '../domain/group-rules.ts';
import type { Component } from './entities/component.ts';
import { ComponentGroup } from './entities/component-group.ts';
import { GroupMember } from './entities/group-member.ts';
import { ensureGroups } from './groups.ts';

/** A written component and the group names its row sent. */
export interface GroupNamesEntry {
  index: number;
  component: Component;
  names: string[];
}

export interface MembershipRefusal {
  index: number;
  component: Component;
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
export async function setGroupNames(em: EntityManager, projectId: number, kind: GroupKind, entries: readonly GroupNamesEntry[]): Promise<{ changed: Set<number>; refused: MembershipRefusal[] }> {
  const changed = new Set<number>();
  const refused: MembershipRefusal[] = [];
  if (entries.length === 0) return { changed, refused };
  const groups = await ensureGroups(em, projectId, kind, entries.flatMap((entry) => entry.names));
  const kindGroupIds = (await em.find(ComponentGroup, { projectId, kind }, { fields: ['id'] })).map((group) => group.id);
  const componentIds = entries.map((entry) => entry.component.id);
  const current = await em.find(GroupMember, { componentId: { $in: componentIds }, groupId: { $in: kindGroupIds } });

  const groupById = new Map([...groups.values()].map(({ group }) => [group.id, group]));
  const masksByGroup = await memberMasks(em, [...groupById.keys()]);
  const nextPosition = await endPositions(em, [...groupById.keys()]);

  for (const entry of entries) {
    const { component } = entry;
    const wantedIds = new Set(entry.names.map((name) => groups.get(groupNameKey(name))?.group.id).filter((id) => id !== undefined));
    for (const membership of current.filter((member) => member.componentId === component.id)) {
      if (wantedIds.has(membership.groupId)) {
        wantedIds.delete(membership.groupId);
        continue;
      }
      em.remove(membership);
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
      em.create(GroupMember, { groupId, componentId: component.id, position: nextPosition.get(groupId) ?? 0, count: null, faceUp: null });
      nextPosition.set(groupId, (nextPosition.get(groupId) ?? 0) + 1);
      others.set(component.id, mask);
      masksByGroup.set(groupId, others);
      changed.add(component.id);
    }
  }
  await em.flush();
  return { changed, refused };
}

/** Group id → (member component id → mask). */
async function memberMasks(em: EntityManager, groupIds: readonly number[]): Promise<Map<number, Map<number, string>>> {
  const result = new Map<number, Map<number, string>>(groupIds.map((id) => [id, new Map()]));
  if (groupIds.length === 0) return result;
  const rows = await em.execute<{ group_id: number; component_id: number; type: string; shape: string | null; card_mask_type: string | null }[]>(
    `select m.group_id, m.component_id, c.type, c.shape, c.card_mask_type
       from group_member m join component c on c.id = m.component_id
      where m.group_id in (${placeholders(groupIds)})`,
    [...groupIds],
  );
  for (const row of rows) result.get(row.group_id)?.set(row.component_id, maskOf({ type: row.type, shape: row.shape, cardMaskType: row.card_mask_type }));
  return result;
}

/** Group id → the position after its last member. */
async function endPositions(em: EntityManager, groupIds: readonly number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await em.execute<{ group_id: number; next: number | null }[]>(
    `select group_id, max(position) + 1 as next from group_member where group_id in (${placeholders(groupIds)}) group by group_id`,
    [...groupIds],
  );
  return new Map(rows.map((row) => [row.group_id, row.next ?? 0]));
}
