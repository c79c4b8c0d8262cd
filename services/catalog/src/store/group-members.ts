import type { EntityManager } from '@mikro-orm/sql';
import type { ComponentGroup } from './entities/component-group.ts';
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
