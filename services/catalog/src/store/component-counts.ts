import type { EntityManager } from '@mikro-orm/sql';

/**
 * Components per project, for `component_count`. Components arrive with their own migration in the
 * next step of issue 4; until a project can hold any, every count is zero.
 */
export function componentCounts(_em: EntityManager, projectIds: readonly number[]): Promise<Map<number, number>> {
  return Promise.resolve(new Map(projectIds.map((id) => [id, 0])));
}
