import type { EntityManager } from '@mikro-orm/sql';
import { placeholders } from '@boardsync/kit';
import { COMPONENT_FIELDS, type ComponentFieldName } from '../domain/component-fields.ts';
import type { ComponentType } from '../domain/component-types.ts';
import { Component } from './entities/component.ts';

export interface ComponentFilter {
  type?: ComponentType | undefined;
  name?: string | undefined;
  uniqueId?: string | undefined;
}

/**
 * A component as the list reads it: one column per field of docs/rules.md "Components" (the API's field names are the
 * table's column names), its timestamps, and the names of its decks and stacks in group order.
 */
export type ComponentRow = Record<ComponentFieldName, unknown> & {
  id: number;
  type: string;
  created_at: Date;
  updated_at: Date;
  deck_names: string[];
  stack_names: string[];
};

function filterSql(filter: ComponentFilter): { where: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (filter.type !== undefined) {
    clauses.push('and type = ?');
    params.push(filter.type);
  }
  if (filter.name !== undefined) {
    clauses.push('and name = ?');
    params.push(filter.name);
  }
  if (filter.uniqueId !== undefined) {
    clauses.push('and unique_id = ?');
    params.push(filter.uniqueId);
  }
  return { where: clauses.join(' '), params };
}

/** A row of the list's statement: the total on every row, and the component's columns null when the page is empty. */
type StoredRow = Omit<ComponentRow, 'id' | 'created_at' | 'updated_at'> & { total: number; id: number | null; created_at: string; updated_at: string };

/** Every field's column of the component aliased `c`, as the list and the changes feed read them. */
export const COMPONENT_COLUMNS = (Object.keys(COMPONENT_FIELDS) as ComponentFieldName[]).map((column) => `c.${column}`).join(', ');

/** The names of the decks and stacks of the component aliased `c`, in group order (`groups.deck_names`, `groups.stack_names`). */
export const GROUP_NAMES_JOIN = `left join lateral (
              select array_agg(g.name order by g.position asc nulls last, g.id) filter (where g.kind = 'deck') as deck_names,
                     array_agg(g.name order by g.position asc nulls last, g.id) filter (where g.kind = 'stack') as stack_names
                from group_member m join component_group g on g.id = m.group_id
               where m.component_id = c.id) groups on true`;

/**
 * One page of the designer's project's components, grouped by type then the designer's
 * `sort_order`, then id, with the filtered total; null when the project is not the designer's.
 * A list changes nothing, so it reads plain rows, not entities, and in one statement: the
 * project, the total, the page and its group names cost one round trip. The page's ids come from
 * the (project, type, sort_order, id) index alone and only those rows are read whole, so a page
 * deep into 100,000 rows costs an index walk, not a heap scan.
 */
export async function readComponentPage(
  em: EntityManager,
  owner: { designerId: number; projectId: number },
  filter: ComponentFilter,
  offset: number,
  limit: number,
): Promise<{ rows: ComponentRow[]; total: number } | null> {
  const { where, params } = filterSql(filter);
  const found = await em.execute<StoredRow[]>(
    `select t.total, c.id, ${COMPONENT_COLUMNS}, c.created_at, c.updated_at,
            coalesce(groups.deck_names, '{}') as deck_names, coalesce(groups.stack_names, '{}') as stack_names
       from project p
      cross join lateral (select count(*)::int as total from component where project_id = p.id ${where}) t
       left join lateral (select * from component where id in (
              select id from component where project_id = p.id ${where} order by type, sort_order, id limit ? offset ?)) c on true
       ${GROUP_NAMES_JOIN}
      where p.id = ?::bigint and p.designer_id = ?
      order by c.type, c.sort_order, c.id`,
    [...params, ...params, limit, offset, owner.projectId, owner.designerId],
  );
  const [first] = found;
  if (!first) return null;
  // No component on the page: the one row is the project's, its component columns null. Timestamps
  // come from the driver as text and are read as the entities' hydration reads them.
  const platform = em.getPlatform();
  const rows: ComponentRow[] = [];
  for (const row of found)
    if (row.id !== null)
      rows.push(Object.assign(row, { id: row.id, created_at: platform.parseDate(row.created_at), updated_at: platform.parseDate(row.updated_at) }));
  return { rows, total: first.total };
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

/** The project's components holding these unique_ids. */
export function componentsWithUniqueIds(em: EntityManager, projectId: number, uniqueIds: readonly string[]): Promise<Component[]> {
  return uniqueIds.length === 0 ? Promise.resolve([]) : em.find(Component, { projectId, uniqueId: { $in: [...uniqueIds] } });
}

export function componentWithUniqueId(em: EntityManager, projectId: number, uniqueId: string): Promise<Component | null> {
  return em.findOne(Component, { projectId, uniqueId });
}

/** A deleted row, as the changes feed names it. */
export interface DeletedComponent {
  id: number;
  uniqueId: string;
  type: string;
}

/** Deletes a source's rows of the project (of one type, or all); returns the rows deleted. */
export function deleteRowsOfSource(
  em: EntityManager,
  owner: { projectId: number; source: string },
  type: ComponentType | undefined,
): Promise<DeletedComponent[]> {
  return em.execute<DeletedComponent[]>(
    `delete from component where project_id = ? and source = ?${type ? ' and type = ?' : ''} returning id, unique_id as "uniqueId", type`,
    type ? [owner.projectId, owner.source, type] : [owner.projectId, owner.source],
  );
}

/** `remove_missing`: deletes a source's rows of the type other than those kept; returns the rows deleted. */
export function deleteOwnRowsBeyond(
  em: EntityManager,
  owner: { projectId: number; type: string; source: string },
  keep: readonly number[],
): Promise<DeletedComponent[]> {
  return em.execute<DeletedComponent[]>(
    `delete from component where project_id = ? and type = ? and source = ?${keep.length > 0 ? ` and id not in (${placeholders(keep)})` : ''} returning id, unique_id as "uniqueId", type`,
    [owner.projectId, owner.type, owner.source, ...keep],
  );
}

export function componentsByIds(em: EntityManager, projectId: number, ids: readonly number[]): Promise<Component[]> {
  return em.find(Component, { projectId, id: { $in: [...ids] } });
}
