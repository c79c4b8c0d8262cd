import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import { sql } from 'kysely';
import { maskOf, type GroupKind } from '../domain/group-rules.ts';
import { ComponentGroup } from './entities/component-group.ts';
import { GroupMember } from './entities/group-member.ts';
import { recordSet, runSql } from './record-set.ts';

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

/** A component's place in a group, as the write path reads it (no entity). */
export interface Membership {
  id: number;
  groupId: number;
  componentId: number;
}

/** The memberships of these components in the project's groups of the kind. */
export function membershipsOfKind(em: EntityManager, projectId: number, kind: GroupKind, componentIds: readonly number[]): Promise<Membership[]> {
  return runSql(
    em,
    sql<Membership>`select m.id, m.group_id as "groupId", m.component_id as "componentId"
      from group_member m join component_group g on g.id = m.group_id
     where g.project_id = ${projectId} and g.kind = ${kind} and m.component_id = any(${[...componentIds]}::int[])`,
  );
}

/** Removes these memberships (one statement). */
export async function removeMemberships(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await runSql(em, sql`delete from group_member where id = any(${[...ids]}::int[])`);
}

/** Adds members (one statement); `count` and `face_up` start null, following the component. */
export async function addMembers(em: EntityManager, members: readonly { groupId: number; componentId: number; position: number }[]): Promise<void> {
  if (members.length === 0) return;
  const fields = [
    { key: 'groupId', sqlType: 'integer' },
    { key: 'componentId', sqlType: 'integer' },
    { key: 'position', sqlType: 'integer' },
  ];
  await runSql(
    em,
    sql`insert into group_member (group_id, component_id, position) select r."groupId", r."componentId", r.position from ${recordSet(members, fields)}`,
  );
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
