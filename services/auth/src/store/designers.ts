import type { EntityManager } from '@mikro-orm/core';
import { Problem } from '@boardsync/kit';
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

export async function changePlan(em: EntityManager, id: number, change: PlanChange): Promise<Designer> {
  const designer = await findDesigner(em, id);
  if (change.storageLimitBytes !== undefined) designer.storageLimitBytes = change.storageLimitBytes;
  if (change.unlockedProjectLimit !== undefined) designer.unlockedProjectLimit = change.unlockedProjectLimit;
  await em.flush();
  return designer;
}
