import { defineEntity, p } from '@mikro-orm/core';
import type { GroupKind } from '../../domain/group-rules.ts';

/** A deck of cards or a stack of tokens; names are unique per project and kind, ignoring case. */
export const ComponentGroupSchema = defineEntity({
  name: 'ComponentGroup',
  tableName: 'component_group',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer().fieldName('project_id'),
    kind: p.string().$type<GroupKind>(),
    name: p.string(),
    nameKey: p.string().fieldName('name_key'),
    position: p.integer().nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ComponentGroup extends ComponentGroupSchema.class {}
ComponentGroupSchema.setClass(ComponentGroup);
