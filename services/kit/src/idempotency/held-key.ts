import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '../problem.ts';
import { abandonIdempotencyKey, claimIdempotencyKey, completeIdempotencyKey, type IdempotencyScope } from './idempotency-records.ts';
import { waitingPlace } from './waiting-repeats.ts';

export interface IdempotentResult<T> {
  result: T;
  /** True when this is the first request's answer, given again. */
  replayed: boolean;
}

/**
 * How long a repeat waits for the first request with its key to finish, then gets its answer: below
 * the gateway's 30 s upstream timeout, and above what a write normally takes, so a client that retried
 * too early is answered, not refused.
 */
export const REPEAT_WAIT_MS = 20_000;

/** How often a waiting repeat looks again: soon at first, then at most once a second. */
const firstPauseMs = 25;
const longestPauseMs = 1000;

function inProgress(): Problem {
  return new Problem({
    status: 409,
    code: 'idempotency_in_progress',
    detail: 'A request with this Idempotency-Key is still being processed and did not finish in time; retry after Retry-After.',
    headers: { 'Retry-After': '2' },
  });
}

/** The request's identity for an Idempotency-Key: the same key with another fingerprint is a client bug. */
export function fingerprintOf(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A request's hold on its Idempotency-Key, between the claim and the result. */
export interface HeldKey<T> {
  /** The first request's result, when this one repeats a request that finished: nothing is to be done again. */
  replay?: T;
  /** Records the result inside the transaction that made it (a request without a key records nothing). */
  remember: (tx: EntityManager, result: T) => Promise<void>;
  /** Frees the key after a failure, so the request can be retried with it. */
  abandon: () => Promise<void>;
}

/** A request without a key, or one whose first answer is replayed: nothing to record, nothing to free. */
function keyHeldByNoOne<T>(replay?: T): HeldKey<T> {
  return { ...(replay === undefined ? {} : { replay }), remember: () => Promise.resolve(), abandon: () => Promise.resolve() };
}

/**
 * Claims the key for this request (Stripe's Idempotency-Key semantics, 24 h): a retry with the same
 * request gets the first result as `replay`; the same key with a different request is 422. A retry
 * while the first is still running waits for it, polling the shared record (so it works across
 * replicas and on both back-ends): its result is then replayed, or, when the first failed, the
 * retry runs in its place. Only after `waitMs` is it 409. Only successes are remembered, so a request
 * that failed (and `abandon`ed its key) can be retried with it.
 */
export async function claimKey<T>(
  em: EntityManager,
  scope: IdempotencyScope | undefined,
  fingerprint: string,
  ttlHours: number,
  waitMs = REPEAT_WAIT_MS,
): Promise<HeldKey<T>> {
  if (!scope) return keyHeldByNoOne();
  const deadline = Date.now() + waitMs;
  let leave: (() => void) | undefined;
  try {
    for (let pauseMs = firstPauseMs; ; pauseMs = Math.min(pauseMs * 2, longestPauseMs)) {
      const claim = await claimIdempotencyKey(em, scope, fingerprint, ttlHours);
      if (claim.kind !== 'claimed' && claim.fingerprint !== fingerprint) {
        throw new Problem({
          status: 422,
          code: 'idempotency_key_reused',
          detail: 'This Idempotency-Key was already used for a different request; use a new key for a new request.',
        });
      }
      if (claim.kind === 'replay') return keyHeldByNoOne(claim.response as T);
      if (claim.kind === 'claimed') return heldKey(em, scope, claim.token);
      leave ??= waitingPlace(scope.designerId);
      if (!leave || Date.now() + pauseMs > deadline) throw inProgress();
      await sleep(pauseMs);
    }
  } finally {
    leave?.();
  }
}

function heldKey<T>(em: EntityManager, scope: IdempotencyScope, token: string): HeldKey<T> {
  return {
    remember: async (tx, result) => {
      if (!(await completeIdempotencyKey(tx, scope, token, result))) throw inProgress();
    },
    abandon: () => abandonIdempotencyKey(em, scope, token),
  };
}

/**
 * Does `work` at most once under the held key: the first request's result when this one repeats it,
 * else the work's, which records it by calling `remember` in its transaction. A failure frees the key,
 * so the request can be retried with it.
 */
export async function onceUnder<T>(key: HeldKey<T>, work: (remember: HeldKey<T>['remember']) => Promise<T>): Promise<IdempotentResult<T>> {
  if (key.replay !== undefined) return { result: key.replay, replayed: true };
  try {
    return { result: await work(key.remember), replayed: false };
  } catch (error) {
    await key.abandon();
    throw error;
  }
}
