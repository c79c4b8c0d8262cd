import type { EntityManager } from '@mikro-orm/sql';
import { Problem, type Principal, type Remember } from '@boardsync/kit';
import { assignProjectFields, playerCountErrors, type ProjectFields } from '../domain/project-input.ts';
import { Project } from '../store/entities/project.ts';
import { recordChanges } from './record-changes.ts';
import { lockProjectCreates, projectCounts } from '../store/projects.ts';

function planLimitReached(cap: number): Problem {
  return new Problem({
    status: 403,
    code: 'plan_limit_reached',
    detail: `Your plan allows ${String(cap)} unlocked project${cap === 1 ? '' : 's'}; lock or remove one, or upgrade, to create another.`,
    extensions: { unlocked_limit: cap },
  });
}

/**
 * `POST /projects`: a project within the plan's unlocked-project cap. Creates for one designer are
 * serialized by an advisory lock, so two at once cannot both slip under the cap.
 */
export async function createProject(
  em: EntityManager,
  principal: Principal,
  fields: Partial<ProjectFields> & { name: string },
  remember?: Remember<Project>,
): Promise<Project> {
  const playerCounts = playerCountErrors(fields.player_count_min, fields.player_count_max, fields);
  if (playerCounts) throw Problem.validation(playerCounts);
  return em.transactional(async (tx) => {
    await lockProjectCreates(tx, principal.designerId);
    const cap = principal.plan.unlockedProjectLimit;
    if (cap !== null && (await projectCounts(tx, principal.designerId)).unlocked >= cap) throw planLimitReached(cap);
    const project = tx.create(Project, { designerId: principal.designerId, name: fields.name, isLocked: false });
    assignProjectFields(project, fields);
    await tx.flush();
    await recordChanges(tx, principal, [{ resource: 'project', action: 'created', project }]);
    await remember?.(tx, project);
    return project;
  });
}
