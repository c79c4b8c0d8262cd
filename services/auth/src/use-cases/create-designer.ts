import type { EntityManager } from '@mikro-orm/core';
import { Problem } from '@boardsync/kit';
import { hashPassword } from '../domain/secrets.ts';
import { findDesignerByEmail } from '../store/designers.ts';
import { Designer } from '../store/entities/designer.ts';

export interface NewDesigner {
  name: string;
  email: string;
  password: string;
  storageLimitBytes: number;
  unlockedProjectLimit: number | null;
}

/** `POST /admin/designers`: an account and its plan. The email is kept lower-cased, once per account. */
export async function createDesigner(em: EntityManager, input: NewDesigner): Promise<Designer> {
  const email = input.email.trim().toLowerCase();
  if (await findDesignerByEmail(em, email)) {
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
