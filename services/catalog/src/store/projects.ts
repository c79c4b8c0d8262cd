import type { EntityManager } from '@mikro-orm/sql';
import { Project } from './entities/project.ts';

/** Any designer's project (operators' admin API), or null. */
export function projectById(em: EntityManager, id: number): Promise<Project | null> {
  return em.findOne(Project, { id });
}

/** The designer's project, or null (absent, or someone else's). */
export function ownedProject(em: EntityManager, designerId: number, id: number): Promise<Project | null> {
  return Number.isSafeInteger(id) ? em.findOne(Project, { id, designerId }) : Promise.resolve(null);
}

/** Serializes writes to one project's components and groups (the first key is an arbitrary namespace). */
const PROJECT_WRITE_LOCK = 0x434f4d50;

/**
 * Takes the write lock of the designer's project, held until the transaction ends: two tools
 * syncing one project cannot both create a `unique_id` or a group name, and the project's events
 * are committed in the order they are published. Null when it is absent or someone else's.
 */
export async function lockOwnedProject(em: EntityManager, designerId: number, id: number): Promise<{ id: number; isLocked: boolean } | null> {
  if (!Number.isSafeInteger(id)) return null;
  // One round trip: the lock is taken only for the designer's row, before its lock state is judged.
  const [row] = await em.execute<{ id: number; is_locked: boolean }[]>(
    'select p.id, p.is_locked, pg_advisory_xact_lock(?, p.id) from project p where p.id = ? and p.designer_id = ?',
    [PROJECT_WRITE_LOCK, id, designerId],
  );
  return row ? { id: row.id, isLocked: row.is_locked } : null;
}

/** The same lock for the catalog's own writes (artwork rewrites), which no API lock state refuses. */
export async function lockProjectWrites(em: EntityManager, projectId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [PROJECT_WRITE_LOCK, projectId]);
}

export async function listProjects(em: EntityManager, designerId: number, offset: number, limit: number): Promise<{ rows: Project[]; total: number }> {
  const [rows, total] = await em.findAndCount(Project, { designerId }, { orderBy: { createdAt: 'desc', id: 'desc' }, offset, limit });
  return { rows, total };
}

export async function projectCounts(em: EntityManager, designerId: number): Promise<{ count: number; unlocked: number }> {
  const [row] = await em.execute<{ count: string; unlocked: string }[]>(
    'select count(*) as count, count(*) filter (where not is_locked) as unlocked from project where designer_id = ?',
    [designerId],
  );
  return { count: Number(row?.count ?? 0), unlocked: Number(row?.unlocked ?? 0) };
}

/** Serializes one designer's project creates until the transaction ends (the unlocked-project cap). */
export async function lockProjectCreates(em: EntityManager, designerId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [0x50524f4a, designerId]);
}
