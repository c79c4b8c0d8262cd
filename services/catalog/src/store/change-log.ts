import type { EntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import type { ChangeAction, ChangeEntry, ChangeResource } from '../domain/change.ts';
import { noteChangesIn } from './change-commits.ts';
import { recordSet, runSql } from './record-set.ts';

/** Raised with a designer's id when their feed moves (the change_head trigger, migration 20261129100000). */
export const CHANGES_CHANNEL = 'boardsync_changes';

/** Rows written per statement: a `remove_missing` may delete a whole project's components at once. */
const ROWS_PER_INSERT = 2_000;

export interface StoredChange {
  seq: number;
  projectId: number;
  resource: ChangeResource;
  action: ChangeAction;
  resourceId: number;
  uniqueId: string | null;
  app: string | null;
  data: unknown;
  occurredAt: Date;
}

/**
 * Numbers the changes and stores them, in the caller's transaction, which must do nothing after:
 * taking the numbers locks the designer's head row until commit, so the designer's writes commit
 * in the order of their numbers (a reader that has seen n never later finds an n-1 appear).
 */
export async function appendChanges(em: EntityManager, designerId: number, app: string | null, entries: readonly ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const [head] = await runSql(
    em,
    sql<{ seq: string }>`insert into change_head (designer_id, seq) values (${designerId}, ${entries.length})
      on conflict (designer_id) do update set seq = change_head.seq + excluded.seq returning seq`,
  );
  const first = Number(head?.seq) - entries.length + 1;
  const rows = entries.map((entry, index) => ({
    seq: first + index,
    project_id: entry.projectId,
    resource: entry.resource,
    action: entry.action,
    resource_id: entry.id,
    unique_id: entry.uniqueId ?? null,
    data: entry.action === 'deleted' ? null : entry.snapshot,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const set = recordSet(rows.slice(start, start + ROWS_PER_INSERT), FIELDS);
    await runSql(
      em,
      sql`insert into change (designer_id, seq, project_id, resource, action, resource_id, unique_id, app, data)
          select ${designerId}, r.seq, r.project_id, r.resource, r.action, r.resource_id, r.unique_id, ${app}, r.data from ${set}`,
    );
  }
  noteChangesIn(em, designerId);
}

const FIELDS = [
  { key: 'seq', sqlType: 'bigint' },
  { key: 'project_id', sqlType: 'integer' },
  { key: 'resource', sqlType: 'varchar' },
  { key: 'action', sqlType: 'varchar' },
  { key: 'resource_id', sqlType: 'integer' },
  { key: 'unique_id', sqlType: 'varchar' },
  { key: 'data', sqlType: 'jsonb' },
];

export interface ChangeWindow {
  /** The last number committed; 0 before the designer's first change. */
  head: number;
  /** Numbers up to this one were pruned by retention. */
  prunedThrough: number;
  changes: StoredChange[];
}

export interface ChangeQuery {
  after: number;
  resources: readonly ChangeResource[];
  projectId?: number | undefined;
  limit: number;
}

interface ChangeRow {
  head: string | null;
  pruned_through: string | null;
  seq: string | null;
  project_id: number;
  resource: ChangeResource;
  action: ChangeAction;
  resource_id: number;
  unique_id: string | null;
  app: string | null;
  data: unknown;
  occurred_at: string | Date;
}

/**
 * The designer's changes after `after` that the query lets through, at most `limit`, and where the
 * feed stood, read in one statement (one snapshot): every number up to `head` is committed, so
 * a reader that read everything up to it may move its cursor there.
 */
export async function readChanges(em: EntityManager, designerId: number, query: ChangeQuery): Promise<ChangeWindow> {
  if (query.resources.length === 0) throw new Error('readChanges needs at least one resource');
  const project = query.projectId === undefined ? sql`` : sql`and c.project_id = ${query.projectId}`;
  const rows = await runSql(
    em,
    sql<ChangeRow>`select h.seq as head, h.pruned_through, c.*
      from (select coalesce(max(seq), 0) as seq, coalesce(max(pruned_through), 0) as pruned_through from change_head where designer_id = ${designerId}) h
      left join lateral (
        select c.seq, c.project_id, c.resource, c.action, c.resource_id, c.unique_id, c.app, c.data, c.occurred_at
          from change c
         where c.designer_id = ${designerId} and c.seq > ${query.after} and c.seq <= h.seq
           and c.resource in (${sql.join(query.resources)}) ${project}
         order by c.seq
         limit ${query.limit}) c on true
      order by c.seq`,
  );
  const [first] = rows;
  const platform = em.getPlatform();
  return {
    head: Number(first?.head ?? 0),
    prunedThrough: Number(first?.pruned_through ?? 0),
    changes: rows.flatMap((row) =>
      row.seq === null
        ? []
        : [
            {
              seq: Number(row.seq),
              projectId: row.project_id,
              resource: row.resource,
              action: row.action,
              resourceId: row.resource_id,
              uniqueId: row.unique_id,
              app: row.app,
              data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
              occurredAt: row.occurred_at instanceof Date ? row.occurred_at : platform.parseDate(row.occurred_at),
            },
          ],
    ),
  };
}

/** Marks an event as recorded, in the caller's transaction; false when it already was (a redelivery). */
export async function claimEvent(em: EntityManager, eventId: string): Promise<boolean> {
  const rows = await runSql(
    em,
    sql<{ event_id: string }>`insert into change_event (event_id) values (${eventId}::uuid) on conflict do nothing returning event_id`,
  );
  return rows.length > 0;
}

/** The last number the designer's feed committed; 0 before their first change. */
export async function changeHeadOf(em: EntityManager, designerId: number): Promise<number> {
  const [row] = await runSql(em, sql<{ seq: string }>`select seq from change_head where designer_id = ${designerId}`);
  return Number(row?.seq ?? 0);
}

/** Whether the designer's feed ever named the project (a deleted project's changes stay readable until pruned). */
export async function feedNamesProject(em: EntityManager, designerId: number, projectId: number): Promise<boolean> {
  const rows = await runSql(em, sql<{ one: number }>`select 1 as one from change where designer_id = ${designerId} and project_id = ${projectId} limit 1`);
  return rows.length > 0;
}

/**
 * Deletes changes older than `before`, a bounded batch at a time, and records per designer how far
 * the feed was pruned (a cursor before that is answered 410). Returns how many were deleted.
 */
export async function pruneChanges(em: EntityManager, before: Date, batch = 5_000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const rows = await em.transactional((tx) =>
      runSql(
        tx,
        sql<{ deleted: string }>`with gone as (
            delete from change where ctid in (select ctid from change where occurred_at < ${before} limit ${batch})
            returning designer_id, seq),
          marks as (select designer_id, max(seq) as seq from gone group by designer_id),
          moved as (
            update change_head h set pruned_through = greatest(h.pruned_through, m.seq) from marks m where h.designer_id = m.designer_id returning 1)
          select (select count(*) from gone) as deleted, (select count(*) from moved) as moved`,
      ),
    );
    const deleted = Number(rows[0]?.deleted ?? 0);
    pruned += deleted;
    if (deleted < batch) {
      await runSql(em, sql`delete from change_event where received_at < ${before}`);
      return pruned;
    }
  }
}
