import { defineEntity, p } from '@mikro-orm/core';

/** A designer's own mask shape; its name is unique per designer, compared by `nameKey`. */
export const CustomMaskSchema = defineEntity({
  name: 'CustomMask',
  tableName: 'custom_mask',
  properties: {
    id: p.integer().primary().autoincrement(),
    designerId: p.integer().fieldName('designer_id'),
    kind: p.string().$type<'card' | 'token'>(),
    name: p.string(),
    nameKey: p.string().fieldName('name_key'),
    aspect: p.string().nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  },
});

export class CustomMask extends CustomMaskSchema.class {}
CustomMaskSchema.setClass(CustomMask);
