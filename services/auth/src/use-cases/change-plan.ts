import type { EntityManager } from '@mikro-orm/core';
import { Problem, enqueueEvents, type EventOrigin } from '@boardsync/kit';
import { designerPlanChanged } from '../domain/auth-events.ts';
import { lockDesigner } from '../store/designers.ts';
import type { Designer } from '../store/entities/designer.ts';

export interface PlanChange {
  storageLimitBytes?: number | undefined;
  unlockedProjectLimit?: number | null | undefined;
}

/**
 * `PATCH /admin/designers/:id/plan`: sets plan limits. When a value really changes,
 * `auth.designer.plan-changed` goes out through the outbox in the same transaction, so every
 * gateway drops that designer's cached answers.
 */
export async function changePlan(em: EntityManager, id: number, change: PlanChange, origin: Omit<EventOrigin, 'designerId'>): Promise<Designer> {
  return em.transactional(async (tx) => {
    // Locked, so concurrent changes take turns and each event describes a real transition.
    const designer = await lockDesigner(tx, id);
    if (!designer) throw Problem.notFound('designer');
    const before = { storageLimitBytes: designer.storageLimitBytes, unlockedProjectLimit: designer.unlockedProjectLimit ?? null };
    if (change.storageLimitBytes !== undefined) designer.storageLimitBytes = change.storageLimitBytes;
    if (change.unlockedProjectLimit !== undefined) designer.unlockedProjectLimit = change.unlockedProjectLimit;
    const unlockedProjectLimit = designer.unlockedProjectLimit ?? null;
    if (designer.storageLimitBytes !== before.storageLimitBytes || unlockedProjectLimit !== before.unlockedProjectLimit) {
      enqueueEvents(tx, [
        designerPlanChanged(
          { designerId: designer.id, storageLimitBytes: designer.storageLimitBytes, unlockedProjectLimit },
          { designerId: designer.id, ...origin },
        ),
      ]);
    }
    return designer;
  });
}
