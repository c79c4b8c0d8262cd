import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import type { ProjectRecord } from '../domain/project-record.ts';
import type { ComponentGroup } from './entities/component-group.ts';
import type { ComponentRow } from './components.ts';
import { COMPONENT_COLUMNS, GROUP_NAMES_JOIN, componentCountOf } from './components.ts';

/*
 * What the feed keeps of a resource at a change: the store's own row, as its GET's presenter takes
 * it, with timestamps as ISO text (the feed's presenter reads them back). The feed never has a
 * presenter of its own, so `data` cannot drift from what the resource's GET answers.
 */

export interface ProjectSnapshot {
  project: Omit<ProjectRecord, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
  componentCount: number;
}

export type GroupSnapshot = Pick<ComponentGroup, 'id' | 'kind' | 'name'> & { position: number | null; createdAt: string; updatedAt: string };

export type ComponentSnapshot = Omit<ComponentRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/** The components as the list reads them (deck and stack names included), by id. */
export async function componentSnapshots(em: EntityManager, ids: readonly number[]): Promise<Map<number, ComponentSnapshot>> {
  const snapshots = new Map<number, ComponentSnapshot>();
  if (ids.length === 0) return snapshots;
  const rows = await em.execute<(Omit<ComponentRow, 'created_at' | 'updated_at'> & { created_at: string | Date; updated_at: string | Date })[]>(
    `select c.id, ${COMPONENT_COLUMNS}, c.created_at, c.updated_at,
            coalesce(groups.deck_names, '{}') as deck_names, coalesce(groups.stack_names, '{}') as stack_names
       from component c
       ${GROUP_NAMES_JOIN}
      where c.id in (${placeholders(ids)})`,
    [...ids],
  );
  const platform = em.getPlatform();
  const iso = (value: string | Date): string => (value instanceof Date ? value : platform.parseDate(value)).toISOString();
  for (const row of rows) snapshots.set(row.id, { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) });
  return snapshots;
}

export async function projectSnapshot(em: EntityManager, project: ProjectRecord): Promise<ProjectSnapshot> {
  return {
    project: { ...fieldsOf(project), createdAt: project.createdAt.toISOString(), updatedAt: project.updatedAt.toISOString() },
    componentCount: await componentCountOf(em, project.id),
  };
}

export function groupSnapshot(group: ComponentGroup): GroupSnapshot {
  return {
    id: group.id,
    kind: group.kind,
    name: group.name,
    position: group.position ?? null,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}

/** The record's own fields, without what an ORM entity carries besides. */
function fieldsOf(project: ProjectRecord): Omit<ProjectRecord, 'createdAt' | 'updatedAt'> {
  const { id, designerId, name, isLocked, shortDescription, description, playerCountMin, playerCountMax, playtimeMinutes, minAge, genre, theme } = project;
  const { primaryMechanic, edition, logoUrl, backdropUrl, websiteUrl, catalogId } = project;
  return {
    id,
    designerId,
    name,
    isLocked,
    shortDescription,
    description,
    playerCountMin,
    playerCountMax,
    playtimeMinutes,
    minAge,
    genre,
    theme,
    primaryMechanic,
    edition,
    logoUrl,
    backdropUrl,
    websiteUrl,
    catalogId,
  };
}
