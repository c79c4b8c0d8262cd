import { defineEntity, p } from '@mikro-orm/core';

/** One stored file in a project's folder; its bytes live in the object store under `key`. */
export const AssetSchema = defineEntity({
  name: 'Asset',
  tableName: 'asset',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    designerId: p.integer().fieldName('designer_id'),
    projectId: p.integer().fieldName('project_id'),
    key: p.string().length(1024).unique(),
    name: p.string(),
    size: p.bigint('number'),
    contentType: p.string().fieldName('content_type'),
    /** Where an internalized copy came from. */
    sourceUrl: p.text().fieldName('source_url').nullable(),
    internalizeEventId: p.uuid().fieldName('internalize_event_id').nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  },
});

export class Asset extends AssetSchema.class {}
AssetSchema.setClass(Asset);
