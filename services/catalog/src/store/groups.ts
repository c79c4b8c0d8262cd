import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import { groupNameKey, type GroupKind } from '../domain/group-rules.ts';
import { ComponentGroup } from './entities/component-group.ts';

/** A member as the API shows it: the group row joined with its component. */
export interface MemberView {
  groupId: number;
  componentId: number;
  uniqueId: string;
  name: string | null;
  position: number | null;
  count: number | null;
  faceUp: boolean | null;
  source: string | null;
}

/** The project's group, or null. */
export function groupInProject(em: EntityManager, projectId: number, id: number): Promise<ComponentGroup | null> {
  return Number.isSafeInteger(id) ? em.findOne(ComponentGroup, { id, projectId }) : Promise.resolve(null);
}

export function listGroups(em: EntityManager, projectId: number, kind: GroupKind | undefined): Promise<ComponentGroup[]> {
  return em.find(ComponentGroup, { projectId, ...(kind ? { kind } : {}) }, { orderBy: { position: 'asc nulls last', id: 'asc' } });
}

/** Members of the groups, each group's in deck order (position, then when they joined). */
export async function membersOf(em: EntityManager, groupIds: readonly number[]): Promise<Map<number, MemberView[]>> {
  const byGroup = new Map<number, MemberView[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await em.execute<
    {
      group_id: number;
      component_id: number;
      unique_id: string;
      name: string | null;
      position: number | null;
      count: number | null;
      face_up: boolean | null;
      source: string | null;
    }[]
  >(
    `select m.group_id, m.component_id, c.unique_id, c.name, m.position, coalesce(m.count, c.quantity) as count, m.face_up, c.source
       from group_member m join component c on c.id = m.component_id
      where m.group_id in (${placeholders(groupIds)})
      order by m.group_id, m.position asc nulls last, m.id`,
    [...groupIds],
  );
  for (const row of rows) {
    byGroup.get(row.group_id)?.push({
      groupId: row.group_id,
      componentId: row.component_id,
      uniqueId: row.unique_id,
      name: row.name,
      position: row.position,
      count: row.count,
      faceUp: row.face_up,
      source: row.source,
    });
  }
  return byGroup;
}

/** The next position at the end of the project's groups. */
async function nextGroupPosition(em: EntityManager, projectId: number): Promise<number> {
  const [row] = await em.execute<{ next: number | null }[]>('select max(position) + 1 as next from component_group where project_id = ?', [projectId]);
  return row?.next ?? 0;
}

/**
 * The project's groups of a kind with these names, creating the missing ones at the end of the
 * group order. Keyed by `groupNameKey`. Call inside the write's transaction.
 */
export async function ensureGroups(
  em: EntityManager,
  projectId: number,
  kind: GroupKind,
  names: readonly string[],
): Promise<Map<string, { group: ComponentGroup; created: boolean }>> {
  const wanted = new Map(names.map((name) => [groupNameKey(name), name.trim()]));
  const found = new Map<string, { group: ComponentGroup; created: boolean }>();
  if (wanted.size === 0) return found;
  for (const group of await em.find(ComponentGroup, { projectId, kind, nameKey: { $in: [...wanted.keys()] } }))
    found.set(group.nameKey, { group, created: false });
  const missing = [...wanted].filter(([nameKey]) => !found.has(nameKey));
  if (missing.length === 0) return found;
  let position = await nextGroupPosition(em, projectId);
  for (const [nameKey, name] of missing) {
    found.set(nameKey, { group: em.create(ComponentGroup, { projectId, kind, name, nameKey, position: position++ }), created: true });
  }
  await em.flush();
  return found;
}

/** The project's other group of the kind whose compared name (`groupNameKey`) is this, if any. */
export function otherGroupNamed(em: EntityManager, group: ComponentGroup, nameKey: string): Promise<ComponentGroup | null> {
  return em.findOne(ComponentGroup, { projectId: group.projectId, kind: group.kind, nameKey, id: { $ne: group.id } });
}

export async function removeGroup(em: EntityManager, group: ComponentGroup): Promise<void> {
  // Memberships go with the group (foreign key cascade); the components stay in the project.
  await em.nativeDelete(ComponentGroup, { id: group.id });
}
