import { defineEntity, p } from '@mikro-orm/core';

/** A component's place in a group. `count` null means "as many as the component's quantity". */
export const GroupMemberSchema = defineEntity({
  name: 'GroupMember',
  tableName: 'group_member',
  properties: {
    id: p.integer().primary().autoincrement(),
    groupId: p.integer().fieldName('group_id'),
    componentId: p.integer().fieldName('component_id'),
    position: p.integer().nullable(),
    count: p.integer().nullable(),
    faceUp: p.boolean().fieldName('face_up').nullable(),
  },
});

export class GroupMember extends GroupMemberSchema.class {}
GroupMemberSchema.setClass(GroupMember);
