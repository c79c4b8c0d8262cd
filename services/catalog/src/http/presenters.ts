import type { Project } from '../store/entities/project.ts';
import { iso } from './iso-time.ts';

/** Spec §2 Project. */
export function presentProject(project: Project, componentCount: number) {
  return {
    id: project.id,
    name: project.name,
    short_description: project.shortDescription ?? null,
    description: project.description ?? null,
    is_locked: project.isLocked,
    player_count_min: project.playerCountMin ?? null,
    player_count_max: project.playerCountMax ?? null,
    playtime_minutes: project.playtimeMinutes ?? null,
    min_age: project.minAge ?? null,
    genre: project.genre ?? null,
    theme: project.theme ?? null,
    primary_mechanic: project.primaryMechanic ?? null,
    edition: project.edition ?? null,
    logo_url: project.logoUrl ?? null,
    backdrop_url: project.backdropUrl ?? null,
    website_url: project.websiteUrl ?? null,
    catalog_id: project.catalogId ?? null,
    component_count: componentCount,
    created_at: iso(project.createdAt),
    updated_at: iso(project.updatedAt),
  };
}
