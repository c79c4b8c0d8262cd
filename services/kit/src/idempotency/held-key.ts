import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '../problem.ts';
import { abandonIdempotencyKey, claimIdempotencyKey, completeIdempotencyKey, type IdempotencyScope } from './idempotency-records.ts';

export interface IdempotentResult<T> {
  result: T;
  /** True when this is the first request's answer, given again. */
  replayed: boolean;
}

function inProgress(): Problem {
  return new Problem({
    status: 409,
    code: 'idempotency_in_progress',
    detail: 'A request with this Idempotency-Key is still being processed; retry after it finishes.',
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
 * request gets the first result as `replay`; the same key with a different request is 422; a retry
 * while the first is still running is 409. Only successes are remembered, so a request that failed
 * (and `abandon`ed its key) can be retried with it.
 */
export async function claimKey<T>(em: EntityManager, scope: IdempotencyScope | undefined, fingerprint: string, ttlHours: number): Promise<HeldKey<T>> {
  if (!scope) return keyHeldByNoOne();
  const claim = await claimIdempotencyKey(em, scope, fingerprint, ttlHours);
  if (claim.kind !== 'claimed' && claim.fingerprint !== fingerprint) {
    throw new Problem({
      status: 422,
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was already used for a different request; use a new key for a new request.',
    });
  }
  if (claim.kind === 'replay') return keyHeldByNoOne(claim.response as T);
  if (claim.kind === 'in_progress') throw inProgress();
  const { token } = claim;
  return {
    remember: async (tx, result) => {
      if (!(await completeIdempotencyKey(tx, scope, token, result))) throw inProgress();
    },
    abandon: () => abandonIdempotencyKey(em, scope, token),
  };
}
