import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Problem, enqueueEvents, eventMessage } from '@boardsync/kit';
import { hashPassword } from '../domain/secrets.ts';
import { Designer } from './entities/designer.ts';

export interface NewDesigner {
  name: string;
  email: string;
  password: string;
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
}

export interface PlanChange {
  storageLimitBytes?: number | undefined;
  unlockedProjectLimit?: number | null | undefined;
}

export async function createDesigner(em: EntityManager, input: NewDesigner): Promise<Designer> {
  const email = input.email.trim().toLowerCase();
  if (await em.findOne(Designer, { email })) {
    throw Problem.validation({ email: ['is already registered'] });
  }
  const designer = em.create(Designer, {
    name: input.name.trim(),
    email,
    passwordHash: await hashPassword(input.password),
    storageLimitBytes: input.storageLimitBytes,
    unlockedProjectLimit: input.unlockedProjectLimit,
  });
  await em.flush();
  return designer;
}

export async function findDesigner(em: EntityManager, id: number): Promise<Designer> {
  const designer = await em.findOne(Designer, { id });
  if (!designer) throw Problem.notFound('designer');
  return designer;
}

/**
 * Sets plan limits. When a value really changes, `auth.designer.plan-changed` goes out through the
 * outbox in the same transaction, so every gateway drops that designer's cached answers.
 */
export async function changePlan(em: EntityManager, id: number, change: PlanChange, origin: { source: string; requestId?: string }): Promise<Designer> {
  return em.transactional(async (tx) => {
    // Locked, so concurrent changes take turns and each event describes a real transition.
    const designer = await tx.findOne(Designer, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!designer) throw Problem.notFound('designer');
    const before = { storageLimitBytes: designer.storageLimitBytes, unlockedProjectLimit: designer.unlockedProjectLimit ?? null };
    if (change.storageLimitBytes !== undefined) designer.storageLimitBytes = change.storageLimitBytes;
    if (change.unlockedProjectLimit !== undefined) designer.unlockedProjectLimit = change.unlockedProjectLimit;
    const unlockedProjectLimit = designer.unlockedProjectLimit ?? null;
    if (designer.storageLimitBytes !== before.storageLimitBytes || unlockedProjectLimit !== before.unlockedProjectLimit) {
      enqueueEvents(tx, [
        eventMessage(
          String(designer.id),
          {
            $case: 'designerPlanChanged',
            value: {
              designerId: designer.id,
              storageLimitBytes: designer.storageLimitBytes,
              ...(unlockedProjectLimit === null ? {} : { unlockedProjectLimit }),
            },
          },
          { designerId: designer.id, ...origin },
        ),
      ]);
    }
    return designer;
  });
}
