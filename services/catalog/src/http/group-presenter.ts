import type { ComponentGroup } from '../store/entities/component-group.ts';
import type { MemberView } from '../store/groups.ts';
import { memberTypeOf } from '../domain/group-rules.ts';
import type { GroupBody } from './group-schemas.ts';

/** A group (docs/rules.md "Groups (decks and stacks)"); `members` and `member_count` only when members were loaded. */
export function presentGroup(
  group: Pick<ComponentGroup, 'id' | 'kind' | 'name' | 'position' | 'createdAt' | 'updatedAt'>,
  members?: readonly MemberView[],
): GroupBody {
  return {
    id: group.id,
    kind: group.kind,
    name: group.name,
    position: group.position ?? null,
    member_type: memberTypeOf(group.kind),
    ...(members
      ? {
          member_count: members.length,
          members: members.map((member) => ({
            unique_id: member.uniqueId,
            component_id: member.componentId,
            name: member.name,
            position: member.position,
            count: member.count,
            face_up: member.faceUp,
            source: member.source,
          })),
        }
      : {}),
    created_at: group.createdAt.toISOString(),
    updated_at: group.updatedAt.toISOString(),
  };
}
