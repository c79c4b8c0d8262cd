import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import { maskOf, type GroupKind } from '../domain/group-rules.ts';
import { ComponentGroup } from './entities/component-group.ts';
import { GroupMember } from './entities/group-member.ts';

export interface NewMember {
  componentId: number;
  /** Null follows the component's quantity. */
  count: number | null;
  faceUp: boolean | null;
}

/** Replaces the group's whole membership, array order becoming `position`. */
export async function replaceGroupMembers(em: EntityManager, group: ComponentGroup, members: readonly NewMember[]): Promise<void> {
  await em.nativeDelete(GroupMember, { groupId: group.id });
  members.forEach((member, position) => em.create(GroupMember, { groupId: group.id, ...member, position }));
  group.updatedAt = new Date();
  await em.flush();
}

export async function groupIdsOfKind(em: EntityManager, projectId: number, kind: GroupKind): Promise<number[]> {
  return (await em.find(ComponentGroup, { projectId, kind }, { fields: ['id'] })).map((group) => group.id);
}

/** The memberships of these components in these groups. */
export function membershipsIn(em: EntityManager, componentIds: readonly number[], groupIds: readonly number[]): Promise<GroupMember[]> {
  return em.find(GroupMember, { componentId: { $in: [...componentIds] }, groupId: { $in: [...groupIds] } });
}

/** Group id → (member component id → mask). */
export async function memberMasks(em: EntityManager, groupIds: readonly number[]): Promise<Map<number, Map<number, string>>> {
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
export async function endPositions(em: EntityManager, groupIds: readonly number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await em.execute<{ group_id: number; next: number | null }[]>(
    `select group_id, max(position) + 1 as next from group_member where group_id in (${placeholders(groupIds)}) group by group_id`,
    [...groupIds],
  );
  return new Map(rows.map((row) => [row.group_id, row.next ?? 0]));
}
