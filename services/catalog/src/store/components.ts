import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import type { ComponentType } from '../domain/component-types.ts';
import { Component } from './entities/component.ts';

export interface ComponentFilter {
  type?: ComponentType | undefined;
  name?: string | undefined;
  uniqueId?: string | undefined;
}

export interface GroupNames {
  deckNames: string[];
  stackNames: string[];
}

function filterSql(projectId: number, filter: ComponentFilter): { where: string; params: (string | number)[] } {
  const clauses = ['project_id = ?'];
  const params: (string | number)[] = [projectId];
  if (filter.type !== undefined) {
    clauses.push('type = ?');
    params.push(filter.type);
  }
  if (filter.name !== undefined) {
    clauses.push('name = ?');
    params.push(filter.name);
  }
  if (filter.uniqueId !== undefined) {
    clauses.push('unique_id = ?');
    params.push(filter.uniqueId);
  }
  return { where: clauses.join(' and '), params };
}

/**
 * One page of a project's components, grouped by type then the designer's `sort_order`, then id.
 * The page's ids are found first from the (project, type, sort_order, id) index alone and only
 * those rows are read whole, so a page deep into 100,000 rows costs an index walk, not a heap scan.
 */
export async function listComponents(
  em: EntityManager,
  projectId: number,
  filter: ComponentFilter,
  offset: number,
  limit: number,
): Promise<{ rows: Component[]; total: number }> {
  const { where, params } = filterSql(projectId, filter);
  const [counted] = await em.execute<{ total: string | number }[]>(`select count(*) as total from component where ${where}`, params);
  const total = Number(counted?.total ?? 0);
  if (offset >= total) return { rows: [], total };
  const page = await em.execute<{ id: number }[]>(`select id from component where ${where} order by type, sort_order, id limit ? offset ?`, [
    ...params,
    limit,
    offset,
  ]);
  const ids = page.map((row) => row.id);
  const byId = new Map((await em.find(Component, { id: { $in: ids } })).map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined), total };
}

/** Deck and stack names of each component, in group order. */
export async function groupNamesOf(em: EntityManager, componentIds: readonly number[]): Promise<Map<number, GroupNames>> {
  const result = new Map<number, GroupNames>(componentIds.map((id) => [id, { deckNames: [], stackNames: [] }]));
  if (componentIds.length === 0) return result;
  const rows = await em.execute<{ component_id: number; kind: string; name: string }[]>(
    `select m.component_id, g.kind, g.name from group_member m join component_group g on g.id = m.group_id
      where m.component_id in (${placeholders(componentIds)})
      order by g.position asc nulls last, g.id`,
    [...componentIds],
  );
  for (const row of rows) {
    const names = result.get(row.component_id);
    if (names) (row.kind === 'deck' ? names.deckNames : names.stackNames).push(row.name);
  }
  return result;
}

/** Components per project, for `component_count`. */
export async function componentCounts(em: EntityManager, projectIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(projectIds.map((id) => [id, 0]));
  if (projectIds.length === 0) return counts;
  const rows = await em.execute<{ project_id: number; count: string | number }[]>(
    `select project_id, count(*) as count from component where project_id in (${placeholders(projectIds)}) group by project_id`,
    [...projectIds],
  );
  for (const row of rows) counts.set(row.project_id, Number(row.count));
  return counts;
}

export async function componentCountOf(em: EntityManager, projectId: number): Promise<number> {
  return (await componentCounts(em, [projectId])).get(projectId) ?? 0;
}

/** Components a write's rows may match: those holding one of the sent unique_ids, or a sent name of the type. */
export function matchCandidates(
  em: EntityManager,
  projectId: number,
  sent: { type: string; uniqueIds: readonly string[]; names: readonly string[] },
): Promise<Component[]> {
  return em.find(Component, { projectId, $or: [{ uniqueId: { $in: [...sent.uniqueIds] } }, { type: sent.type, name: { $in: [...sent.names] } }] });
}

/** The project's components holding these unique_ids. */
export function componentsWithUniqueIds(em: EntityManager, projectId: number, uniqueIds: readonly string[]): Promise<Component[]> {
  return uniqueIds.length === 0 ? Promise.resolve([]) : em.find(Component, { projectId, uniqueId: { $in: [...uniqueIds] } });
}

export function componentWithUniqueId(em: EntityManager, projectId: number, uniqueId: string): Promise<Component | null> {
  return em.findOne(Component, { projectId, uniqueId });
}

/** Deletes a source's rows of the project (of one type, or all); returns the deleted rows' types. */
export async function deleteRowsOfSource(em: EntityManager, owner: { projectId: number; source: string }, type: ComponentType | undefined): Promise<string[]> {
  const deleted = await em.execute<{ type: string }[]>(
    `delete from component where project_id = ? and source = ?${type ? ' and type = ?' : ''} returning type`,
    type ? [owner.projectId, owner.source, type] : [owner.projectId, owner.source],
  );
  return deleted.map((row) => row.type);
}

/** `remove_missing`: deletes a source's rows of the type other than those kept; returns how many. */
export function deleteOwnRowsBeyond(em: EntityManager, owner: { projectId: number; type: string; source: string }, keep: readonly number[]): Promise<number> {
  return em.nativeDelete(Component, {
    projectId: owner.projectId,
    type: owner.type,
    source: owner.source,
    ...(keep.length > 0 ? { id: { $nin: [...keep] } } : {}),
  });
}

export function componentsByIds(em: EntityManager, projectId: number, ids: readonly number[]): Promise<Component[]> {
  return em.find(Component, { projectId, id: { $in: [...ids] } });
}
