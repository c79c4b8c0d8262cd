import type { EntityManager } from '@mikro-orm/core';
import { tokenDigest } from '@boardsync/kit';
import { SESSION_LIFETIME_SECONDS } from '../domain/lifetimes.ts';
import { newToken, verifyPassword } from '../domain/secrets.ts';
import { findDesignerByEmail } from '../store/designers.ts';
import type { Designer } from '../store/entities/designer.ts';
import { WebSession } from '../store/entities/web-session.ts';
import { endSession } from '../store/sessions.ts';
import { counterKey, type Throttles } from '../throttles/throttles.ts';

// Spent on unknown emails too, so a wrong email and a wrong password take the same time.
const DECOY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface SignInAttempt {
  /** As typed, lower-cased; empty when none was. */
  email: string;
  password: string;
  /** The client address's counter key (`clientKey`). */
  ip: string;
  /** The browser's current session, if any: signing in replaces it. */
  previousSessionId: string | undefined;
}

export type SignInOutcome = { kind: 'throttled'; retryAfterSeconds: number } | { kind: 'refused' } | { kind: 'signed-in'; sessionId: string };

/**
 * `POST /login`: throttled per account and per client IP, counting failures only. A success
 * replaces the browser's session with a new one, in one transaction.
 */
export async function signIn(em: EntityManager, throttle: Throttles['signIn'], input: SignInAttempt): Promise<SignInOutcome> {
  const { email } = input;
  // Unknown emails are counted too, so the answer never tells which accounts exist.
  const attempt = await throttle.attempt({ ...(email ? { account: counterKey(email) } : {}), ip: input.ip });
  if (!attempt.allowed) return { kind: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
  let designer: Designer | null;
  let passwordOk: boolean;
  try {
    designer = email ? await findDesignerByEmail(em, email) : null;
    passwordOk = await verifyPassword(input.password, designer?.passwordHash ?? DECOY_HASH);
  } catch (error) {
    // Our failure (a database away), not a wrong password: the attempt must not count against the designer.
    await attempt.release();
    throw error;
  }
  if (!designer || !passwordOk) return { kind: 'refused' };
  await attempt.succeeded();
  const sessionId = newToken('session');
  const designerId = designer.id;
  await em.transactional(async (tx) => {
    if (input.previousSessionId) await endSession(tx, input.previousSessionId);
    tx.create(WebSession, { sessionDigest: tokenDigest(sessionId), designerId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000) });
  });
  return { kind: 'signed-in', sessionId };
}
