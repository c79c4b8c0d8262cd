import type { EntityManager } from '@mikro-orm/sql';
import { Problem, enqueueEvents, eventMessage, type Principal } from '@boardsync/kit';
import { PROJECT_FIELD_NAMES, playerCountProblem, type ProjectChange, type ProjectFields } from '../domain/project-input.ts';
import { Project } from './entities/project.ts';

/** API field name → entity property. */
const PROPERTY: Record<keyof ProjectFields, keyof Project> = {
  name: 'name',
  short_description: 'shortDescription',
  description: 'description',
  player_count_min: 'playerCountMin',
  player_count_max: 'playerCountMax',
  playtime_minutes: 'playtimeMinutes',
  min_age: 'minAge',
  genre: 'genre',
  theme: 'theme',
  primary_mechanic: 'primaryMechanic',
  edition: 'edition',
  website_url: 'websiteUrl',
  catalog_id: 'catalogId',
};

export const projectNotFound = (): Problem => Problem.notFound('project');

export function projectLocked(): Problem {
  return new Problem({ status: 409, code: 'project_locked', detail: 'This project is locked: it refuses every write until it is unlocked.' });
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
export async function lockWritableProject(em: EntityManager, designerId: number, id: number): Promise<Project> {
  const project = await findWritableProject(em, designerId, id);
  await lockProjectWrites(em, project.id);
  return project;
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

/** The error names the field the write sent (the max when only the max was sent). */
function playerCountsChecked(min: number | null | undefined, max: number | null | undefined, sent: Partial<ProjectFields>): void {
  if (!playerCountProblem(min, max)) return;
  if (sent.player_count_min === undefined) throw Problem.validation({ player_count_max: ['must not be less than player_count_min'] });
  throw Problem.validation({ player_count_min: ['must not be greater than player_count_max'] });
}

/**
 * Creates a project within the plan's unlocked-project cap. Creates for one designer are
 * serialized by an advisory lock, so two at once cannot both slip under the cap.
 */
export async function createProject(em: EntityManager, principal: Principal, fields: Partial<ProjectFields> & { name: string }): Promise<Project> {
  playerCountsChecked(fields.player_count_min, fields.player_count_max, fields);
  return em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?, ?)', [0x50524f4a, principal.designerId]);
    const cap = principal.plan.unlockedProjectLimit;
    if (cap !== null && (await projectCounts(tx, principal.designerId)).unlocked >= cap) {
      throw new Problem({
        status: 403,
        code: 'plan_limit_reached',
        detail: `Your plan allows ${String(cap)} unlocked project${cap === 1 ? '' : 's'}; lock or remove one, or upgrade, to create another.`,
        extensions: { unlocked_limit: cap },
      });
    }
    const project = tx.create(Project, { designerId: principal.designerId, name: fields.name, isLocked: false });
    for (const field of PROJECT_FIELD_NAMES) {
      const value = fields[field];
      if (value !== undefined) Object.assign(project, { [PROPERTY[field]]: value });
    }
    await tx.flush();
    return project;
  });
}

/**
 * Applies the fields sent, leaving the rest untouched. Emits `project.updated` with the names of
 * the fields whose value really changed, in the same transaction; a no-op write emits nothing.
 */
export async function changeProject(em: EntityManager, principal: Principal, id: number, change: ProjectChange): Promise<{ project: Project; changed: string[] }> {
  return em.transactional(async (tx) => {
    const project = await findWritableProject(tx, principal.designerId, id);
    const changed = PROJECT_FIELD_NAMES.filter((field) => change[field] !== undefined && project[PROPERTY[field]] !== change[field]);
    const min = change.player_count_min !== undefined ? change.player_count_min : project.playerCountMin;
    const max = change.player_count_max !== undefined ? change.player_count_max : project.playerCountMax;
    playerCountsChecked(min, max, change);
    if (changed.length === 0) return { project, changed };
    for (const field of changed) Object.assign(project, { [PROPERTY[field]]: change[field] });
    enqueueEvents(tx, [
      eventMessage(String(project.id), { $case: 'projectUpdated', value: { projectId: project.id, changed } }, {
        designerId: principal.designerId,
        source: principal.source,
        requestId: principal.requestId,
      }),
    ]);
    await tx.flush();
    return { project, changed };
  });
}

export async function setLocked(em: EntityManager, id: number, locked: boolean): Promise<Project> {
  const project = await em.findOne(Project, { id });
  if (!project) throw projectNotFound();
  project.isLocked = locked;
  await em.flush();
  return project;
}
