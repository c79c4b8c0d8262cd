import { groupNameKey, maskOf, memberTypeOf, type GroupKind, type ShapedComponent } from './group-rules.ts';

/** A written component, as the group rules see it. */
export interface GroupedComponent extends ShapedComponent {
  id: number;
}

/** A written component and the group names its row sent. */
export interface GroupNamesEntry<C extends GroupedComponent> {
  index: number;
  component: C;
  names: string[];
}

export interface MembershipRefusal<C extends GroupedComponent> {
  index: number;
  component: C;
  group: string;
  message: string;
}

/** The project's groups of the kind and their members, as the write found them (the named groups already exist). */
export interface GroupsFound {
  /** Every named group, by `groupNameKey`. */
  groups: ReadonlyMap<string, { id: number; name: string }>;
  /** Component id → its memberships in groups of the kind. */
  memberships: ReadonlyMap<number, readonly { id: number; groupId: number }[]>;
  /** Group id → (member component id → mask). */
  masks: ReadonlyMap<number, ReadonlyMap<number, string>>;
  /** Group id → the position after its last member. */
  endPositions: ReadonlyMap<number, number>;
}

export interface GroupNamesPlan<C extends GroupedComponent> {
  /** Memberships to remove. */
  removed: number[];
  added: { groupId: number; componentId: number; position: number }[];
  /** Ids of components whose membership changed. */
  changed: Set<number>;
  refused: MembershipRefusal<C>[];
}

/**
 * docs/rules.md "Component writes": `deck_names` / `stack_names` make the component a member of exactly those
 * groups (of that kind); they never reorder a group, so a new member joins at the end. A component
 * whose mask differs from a group's other members does not join it and is reported instead (the
 * rest of the row is still written).
 */
export function planGroupNames<C extends GroupedComponent>(kind: GroupKind, entries: readonly GroupNamesEntry<C>[], found: GroupsFound): GroupNamesPlan<C> {
  const { groups } = found;
  const changed = new Set<number>();
  const refused: MembershipRefusal<C>[] = [];
  const groupById = new Map([...groups.values()].map((group) => [group.id, group]));
  // Both follow the plan as it goes: a row's membership changes what the next row finds.
  const masksByGroup = new Map([...found.masks].map(([groupId, masks]) => [groupId, new Map(masks)]));
  const nextPosition = new Map(found.endPositions);

  const removed: number[] = [];
  const added: { groupId: number; componentId: number; position: number }[] = [];
  for (const entry of entries) {
    const { component } = entry;
    const wantedIds = new Set(entry.names.map((name) => groups.get(groupNameKey(name))?.id).filter((id) => id !== undefined));
    for (const membership of found.memberships.get(component.id) ?? []) {
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
  return { removed, added, changed, refused };
}
