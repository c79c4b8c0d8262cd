import type { EntityManager } from '@mikro-orm/core';
import { endSession } from '../store/sessions.ts';

/** `POST /logout`: the browser's session ends; the page clears its cookie. */
export async function signOut(em: EntityManager, sessionId: string | undefined): Promise<void> {
  if (sessionId) await endSession(em, sessionId);
}
