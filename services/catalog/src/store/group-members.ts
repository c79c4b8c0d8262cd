import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type FieldErrors } from '@boardsync/kit';
import { mixedGroupReason } from '../domain/group-rules.ts';
import { Component } from './entities/component.ts';
import type { ComponentGroup } from './entities/component-group.ts';
import { GroupMember } from './entities/group-member.ts';

export interface MemberEntry {
  unique_id: string;
  count?: number | undefined;
  face_up?: boolean | undefined;
}

/**
 * Spec §4 PUT members: replaces the whole membership, array order becoming `position`. Every
 * `unique_id` must name a component of this project, each once; a deck takes only cards and a
 * stack only tokens, all of one mask, else 400 `mixed_group` naming the shapes. Nothing is
 * dropped: a refused call changes nothing.
 */
export async function replaceMembers(em: EntityManager, group: ComponentGroup, entries: readonly MemberEntry[]): Promise<void> {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const earlier = seen.get(entry.unique_id);
    if (earlier !== undefined) errors[`members.${String(index)}.unique_id`] = [`"${entry.unique_id}" is also member ${String(earlier)}; set count for copies`];
    else seen.set(entry.unique_id, index);
  });
  const components = entries.length === 0 ? [] : await em.find(Component, { projectId: group.projectId, uniqueId: { $in: [...seen.keys()] } });
  const byUniqueId = new Map(components.map((component) => [component.uniqueId, component]));
  entries.forEach((entry, index) => {
    if (!byUniqueId.has(entry.unique_id) && !errors[`members.${String(index)}.unique_id`]) {
      errors[`members.${String(index)}.unique_id`] = [`no component with unique_id "${entry.unique_id}" in this project`];
    }
  });
  if (Object.keys(errors).length > 0) throw Problem.validation(errors, 'Some members could not be found; the membership was not changed.');

  const reason = mixedGroupReason(group.kind, group.name, components);
  if (reason) throw new Problem({ status: 400, code: 'mixed_group', detail: reason });

  await em.nativeDelete(GroupMember, { groupId: group.id });
  entries.forEach((entry, position) => {
    const component = byUniqueId.get(entry.unique_id);
    if (component) em.create(GroupMember, { groupId: group.id, componentId: component.id, position, count: entry.count ?? null, faceUp: entry.face_up ?? null });
  });
  group.updatedAt = new Date();
  await em.flush();
}
