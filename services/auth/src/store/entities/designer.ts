import { defineEntity, p } from '@mikro-orm/core';

/** A designer's account and plan limits. Email is stored lower-cased and unique. */
export const DesignerSchema = defineEntity({
  name: 'Designer',
  tableName: 'designer',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string(),
    email: p.string().unique(),
    passwordHash: p.string().fieldName('password_hash'),
    storageLimitBytes: p.bigint('number').fieldName('storage_limit_bytes'),
    unlockedProjectLimit: p.integer().fieldName('unlocked_project_limit').nullable(),
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

export class Designer extends DesignerSchema.class {}
DesignerSchema.setClass(Designer);
