import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import { Project } from './entities/project.ts';

export const projectNotFound = (): Problem => Problem.notFound('project');

export function projectLocked(): Problem {
  return new Problem({ status: 409, code: 'project_locked', detail: 'This project is locked: it refuses every write until it is unlocked.' });
}

/** Any designer's project, for operators (the admin API): 404 when absent. */
export async function findAnyProject(em: EntityManager, id: number): Promise<Project> {
  const project = await em.findOne(Project, { id });
  if (!project) throw projectNotFound();
  return project;
}

/** The designer's project, or null (a consumer's lookup, where absence is no error). */
export function ownedProject(em: EntityManager, designerId: number, id: number): Promise<Project | null> {
  return em.findOne(Project, { id, designerId });
}

/** The designer's project, or 404 whether it is absent or someone else's (never reveal existence). */
export async function findProject(em: EntityManager, designerId: number, id: number): Promise<Project> {
  const project = Number.isSafeInteger(id) ? await em.findOne(Project, { id, designerId }) : null;
  if (!project) throw projectNotFound();
  return project;
}

/** The designer's project for a write: also refused while locked. */
export async function findWritableProject(em: EntityManager, designerId: number, id: number): Promise<Project> {
  const project = await findProject(em, designerId, id);
  if (project.isLocked) throw projectLocked();
  return project;
}

/** Serializes writes to one project's components and groups (the first key is an arbitrary namespace). */
const PROJECT_WRITE_LOCK = 0x434f4d50;

/**
 * The designer's project for a write to its components or groups, held until the transaction
 * ends: two tools syncing one project cannot both create a `unique_id` or a group name, and the
 * project's events are committed in the order they are published.
 */
export async function lockWritableProject(em: EntityManager, designerId: number, id: number): Promise<Pick<Project, 'id'>> {
  if (!Number.isSafeInteger(id)) throw projectNotFound();
  // One round trip: the lock is taken only for the designer's row, before its lock state is judged.
  const [row] = await em.execute<{ id: number; is_locked: boolean }[]>(
    'select p.id, p.is_locked, pg_advisory_xact_lock(?, p.id) from project p where p.id = ? and p.designer_id = ?',
    [PROJECT_WRITE_LOCK, id, designerId],
  );
  if (!row) throw projectNotFound();
  if (row.is_locked) throw projectLocked();
  return { id: row.id };
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
