import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Designer } from './entities/designer.ts';

export async function findDesigner(em: EntityManager, id: number): Promise<Designer | null> {
  return em.findOne(Designer, { id });
}

/** By the lower-cased email the account was registered with. */
export async function findDesignerByEmail(em: EntityManager, email: string): Promise<Designer | null> {
  return em.findOne(Designer, { email });
}

/** The designer row, locked until the transaction ends, so concurrent changes take turns. */
export async function lockDesigner(tx: EntityManager, id: number): Promise<Designer | null> {
  return tx.findOne(Designer, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
