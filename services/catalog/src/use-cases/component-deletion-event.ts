import type { EntityManager } from '@mikro-orm/sql';
import { enqueueEvents, type Principal } from '@boardsync/kit';
import { componentsChanged, sharedType } from '../domain/catalog-events.ts';

/** One `components.changed` for a delete: a bulk delete across several types is one write, so one event (its `type` then empty). */
export function recordDeletion(em: EntityManager, principal: Principal, projectId: number, types: readonly string[]): void {
  enqueueEvents(em, [componentsChanged(projectId, { type: sharedType(types), created: [], updated: [], deleted: types.length }, principal)]);
}
