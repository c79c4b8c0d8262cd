import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type FieldErrors, type Principal } from '@boardsync/kit';
import { mixedGroupReason } from '../domain/group-rules.ts';
import { componentsWithUniqueIds } from '../store/components.ts';
import type { ComponentGroup } from '../store/entities/component-group.ts';
import { replaceGroupMembers } from '../store/group-members.ts';
import { groupChanges, memberComponentsOf, recordChanges } from './record-changes.ts';
import { changeLockedGroup, type GroupAddress } from './locked-group.ts';

export interface MemberEntry {
  unique_id: string;
  count?: number | undefined;
  face_up?: boolean | undefined;
}

/** Each member's `unique_id` once: copies are `count`. */
function duplicates(entries: readonly MemberEntry[]): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const earlier = seen.get(entry.unique_id);
    if (earlier !== undefined) errors[`members.${String(index)}.unique_id`] = [`"${entry.unique_id}" is also member ${String(earlier)}; set count for copies`];
    else seen.set(entry.unique_id, index);
  });
  return errors;
}

/**
 * PUT members (docs/rules.md "Groups (decks and stacks)"): replaces the whole membership, array order becoming `position`. Every
 * `unique_id` must name a component of this project, each once (422); a deck takes only cards and
 * a stack only tokens, all of one mask, else 400 `mixed_group` naming the shapes. A refused call
 * changes nothing.
 */
export function replaceMembers(em: EntityManager, principal: Principal, address: GroupAddress, entries: readonly MemberEntry[]): Promise<ComponentGroup> {
  return changeLockedGroup(em, principal, address, async (tx, group) => {
    const errors = duplicates(entries);
    const components = await componentsWithUniqueIds(tx, group.projectId, [...new Set(entries.map((entry) => entry.unique_id))]);
    const byUniqueId = new Map(components.map((component) => [component.uniqueId, component]));
    entries.forEach((entry, index) => {
      const key = `members.${String(index)}.unique_id`;
      if (!byUniqueId.has(entry.unique_id) && !errors[key]) errors[key] = [`no component with unique_id "${entry.unique_id}" in this project`];
    });
    if (Object.keys(errors).length > 0) throw Problem.validation(errors, 'Some members could not be found; the membership was not changed.');

    const reason = mixedGroupReason(group.kind, group.name, components);
    if (reason) throw new Problem({ status: 400, code: 'mixed_group', detail: reason });

    const members = entries.flatMap((entry) => {
      const component = byUniqueId.get(entry.unique_id);
      return component ? [{ componentId: component.id, count: entry.count ?? null, faceUp: entry.face_up ?? null }] : [];
    });
    const before = await memberComponentsOf(tx, group);
    await replaceGroupMembers(tx, group, members);
    await recordChanges(tx, principal, groupChanges(group, 'updated', [before, components]));
  });
}
