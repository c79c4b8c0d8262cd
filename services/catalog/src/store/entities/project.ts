import { defineEntity, p } from '@mikro-orm/core';
import type { ProjectRecord } from '../../domain/project-record.ts';

/** One game. `logo_url`/`backdrop_url` are set in the app, never through the API; the lock by operators only. */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    id: p.integer().primary().autoincrement(),
    designerId: p.integer().fieldName('designer_id'),
    name: p.string(),
    shortDescription: p.string().fieldName('short_description').nullable(),
    description: p.text().nullable(),
    isLocked: p.boolean().fieldName('is_locked'),
    playerCountMin: p.integer().fieldName('player_count_min').nullable(),
    playerCountMax: p.integer().fieldName('player_count_max').nullable(),
    playtimeMinutes: p.integer().fieldName('playtime_minutes').nullable(),
    minAge: p.integer().fieldName('min_age').nullable(),
    genre: p.string().nullable(),
    theme: p.string().nullable(),
    primaryMechanic: p.string().fieldName('primary_mechanic').nullable(),
    edition: p.string().nullable(),
    logoUrl: p.string().fieldName('logo_url').nullable(),
    backdropUrl: p.string().fieldName('backdrop_url').nullable(),
    websiteUrl: p.string().fieldName('website_url').nullable(),
    catalogId: p.string().fieldName('catalog_id').nullable(),
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

export class Project extends ProjectSchema.class implements ProjectRecord {}
ProjectSchema.setClass(Project);
