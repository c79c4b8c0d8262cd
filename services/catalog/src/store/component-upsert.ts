import type { EntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import type { ComponentRow, ComponentValues } from '../domain/component-input.ts';
import type { CreatableType } from '../domain/component-types.ts';
import type { MatchedRow } from '../domain/write-matching.ts';
import { recordSet, runSql } from './record-set.ts';
import { blankComponent, componentColumns, storedComponentSelect, type ComponentColumn, type StoredComponent } from './stored-component.ts';

export interface WrittenRow {
  component: StoredComponent;
  row: ComponentRow;
  created: boolean;
}

export interface Upserted {
  written: WrittenRow[];
  /** Matched components whose stored values really changed. */
  changed: Set<StoredComponent>;
  /** Names of matched components sent without artwork that kept theirs. */
  keptArtwork: Set<string>;
}

/** Components a write's rows may match: those holding one of the sent unique_ids, or a sent name of the type. One lean read, no entities. */
export function matchCandidates(
  em: EntityManager,
  projectId: number,
  sent: { type: string; uniqueIds: readonly string[]; names: readonly string[] },
): Promise<StoredComponent[]> {
  return runSql(
    em,
    sql<StoredComponent>`select ${sql.raw(storedComponentSelect(em, 'c'))} from component c
      where c.project_id = ${projectId}
        and (c.unique_id = any(${[...sent.uniqueIds]}::text[]) or (c.type = ${sent.type} and c.name = any(${[...sent.names]}::text[])))`,
  );
}

/** What a created row starts from before the sent values apply. */
function createDefaults(type: CreatableType): ComponentValues {
  return {
    quantity: 1,
    imageRotation: 0,
    maskImage: false,
    ...(type === 'card' ? { cardMaskType: 'none' } : {}),
    ...(type === 'token' ? { shape: 'none' } : {}),
  };
}

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Applies the sent values; returns whether any stored value really changed. */
function applyValues(component: StoredComponent, values: ComponentValues): boolean {
  let changed = false;
  for (const [property, value] of Object.entries(values) as [keyof ComponentValues, unknown][]) {
    if (sameValue(component[property], value)) continue;
    Object.assign(component, { [property]: value });
    changed = true;
  }
  return changed;
}

/**
 * Creates the unmatched rows (stamped with the caller's source) and applies the sent fields to the
 * matched ones (their source unchanged; left-out fields untouched; `updated_at` moved only on a
 * real change): one `INSERT … SELECT` for the created rows and one `UPDATE … FROM` per set of
 * sent fields (usually one) for the changed ones. Created rows come back with their ids.
 */
export async function upsertRows(
  em: EntityManager,
  target: { projectId: number; type: CreatableType; source: string; now: Date },
  matched: readonly MatchedRow<StoredComponent>[],
): Promise<Upserted> {
  const result: Upserted = { written: [], changed: new Set(), keptArtwork: new Set() };
  const columns = componentColumns(em);
  const blank = blankComponent(em);
  const created: StoredComponent[] = [];
  /** Changed rows by the fields their row sent: each group is written by one statement. */
  const changedBySent = new Map<string, { keys: string[]; rows: StoredComponent[] }>();
  for (const { row, target: existing, uniqueId } of matched) {
    if (existing) {
      const keptArtwork = row.artworkOmitted.some((property) => existing[property] !== null && existing[property] !== undefined);
      if (applyValues(existing, row.values) || existing.uniqueId !== uniqueId) {
        existing.uniqueId = uniqueId;
        result.changed.add(existing);
        const keys = ['uniqueId', ...Object.keys(row.values)];
        const group = changedBySent.get(keys.join()) ?? { keys, rows: [] };
        group.rows.push(existing);
        changedBySent.set(keys.join(), group);
      }
      if (keptArtwork) result.keptArtwork.add(existing.name ?? existing.uniqueId);
      result.written.push({ component: existing, row, created: false });
    } else {
      const component = {
        ...blank,
        projectId: target.projectId,
        type: target.type,
        uniqueId,
        source: target.source,
        ...createDefaults(target.type),
        ...row.values,
        maskImage: row.values.maskImage ?? false,
        imageRotation: row.values.imageRotation ?? 0,
      };
      created.push(component);
      result.written.push({ component, row, created: true });
    }
  }
  await insertComponents(em, columns, created, target.now);
  for (const { keys, rows } of changedBySent.values()) await updateComponents(em, columns, keys, rows, target.now);
  return result;
}

const isTimestamp = (column: ComponentColumn) => column.key === 'createdAt' || column.key === 'updatedAt';

/** One `INSERT … SELECT` for all created rows; sets each row's id. */
async function insertComponents(em: EntityManager, columns: readonly ComponentColumn[], rows: StoredComponent[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const written = columns.filter((column) => !isTimestamp(column));
  const names = sql.raw([...written.map((column) => column.column), 'created_at', 'updated_at'].join(', '));
  const values = sql.join([
    ...written.map((column) => sql`r.${sql.id(column.key)}`),
    sql`${now.toISOString()}::timestamptz`,
    sql`${now.toISOString()}::timestamptz`,
  ]);
  const ids = await runSql(
    em,
    sql<{ id: number; uniqueId: string }>`insert into component (${names}) select ${values} from ${recordSet(rows, written)}
      returning id, unique_id as "uniqueId"`,
  );
  // unique_id is unique per project, so it names each created row whatever order RETURNING keeps.
  const idOf = new Map(ids.map((row) => [row.uniqueId, row.id]));
  for (const row of rows) row.id = idOf.get(row.uniqueId) ?? 0;
}

/** One `UPDATE … FROM` for changed rows that sent the same fields: those fields, the unique_id and `updated_at`. */
async function updateComponents(
  em: EntityManager,
  columns: readonly ComponentColumn[],
  keys: readonly string[],
  rows: readonly StoredComponent[],
  now: Date,
): Promise<void> {
  const set = columns.filter((column) => keys.includes(column.key));
  const assignments = sql.join([
    ...set.map((column) => sql`${sql.id(column.column)} = r.${sql.id(column.key)}`),
    sql`updated_at = ${now.toISOString()}::timestamptz`,
  ]);
  await runSql(em, sql`update component c set ${assignments} from ${recordSet(rows, [{ key: 'id', sqlType: 'integer' }, ...set])} where c.id = r.id`);
}

/** Moves `updated_at` of components whose only change was their deck or stack membership. */
export async function touchComponents(em: EntityManager, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await runSql(em, sql`update component set updated_at = ${now.toISOString()}::timestamptz where id = any(${[...ids]}::int[])`);
}
