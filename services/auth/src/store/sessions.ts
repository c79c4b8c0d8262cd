import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import { newToken } from '../domain/secrets.ts';
import { WebSession } from './entities/web-session.ts';

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

export async function startSession(em: EntityManager, designerId: number): Promise<string> {
  const id = newToken('session');
  em.create(WebSession, { sessionDigest: tokenDigest(id), designerId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000) });
  await em.flush();
  return id;
}

export async function sessionDesigner(em: EntityManager, id: string): Promise<number | null> {
  const session = await em.findOne(WebSession, { sessionDigest: tokenDigest(id), expiresAt: { $gt: new Date() } });
  return session?.designerId ?? null;
}

export async function endSession(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(WebSession, { sessionDigest: tokenDigest(id) });
}
