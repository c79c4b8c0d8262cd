import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import { WebSession } from './entities/web-session.ts';

/** The designer an unexpired session belongs to, or null. */
export async function sessionDesigner(em: EntityManager, id: string): Promise<number | null> {
  const session = await em.findOne(WebSession, { sessionDigest: tokenDigest(id), expiresAt: { $gt: new Date() } });
  return session?.designerId ?? null;
}

export async function endSession(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(WebSession, { sessionDigest: tokenDigest(id) });
}
