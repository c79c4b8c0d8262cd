import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import { abandonIdempotencyKey, claimIdempotencyKey, completeIdempotencyKey, type IdempotencyScope } from '../store/idempotency-records.ts';

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

/**
 * Runs `operation` at most once per key (Stripe's Idempotency-Key semantics, 24 h): a retry with the
 * same request answers the first result and does nothing again; the same key with a different
 * request is 422; a retry while the first is still running is 409. Only successes are remembered,
 * so a request that failed can be retried with its key.
 */
export async function idempotent<T>(
  em: EntityManager,
  scope: IdempotencyScope | undefined,
  fingerprint: string,
  ttlHours: number,
  operation: (remember: (tx: EntityManager, result: T) => Promise<void>) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (!scope) return { result: await operation(() => Promise.resolve()), replayed: false };
  const claim = await claimIdempotencyKey(em, scope, fingerprint, ttlHours);
  if (claim.kind !== 'claimed' && claim.fingerprint !== fingerprint) {
    throw new Problem({
      status: 422,
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was already used for a different request; use a new key for a new request.',
    });
  }
  if (claim.kind === 'replay') return { result: claim.response as T, replayed: true };
  if (claim.kind === 'in_progress') throw inProgress();
  const { token } = claim;
  try {
    const remember = async (tx: EntityManager, result: T): Promise<void> => {
      if (!(await completeIdempotencyKey(tx, scope, token, result))) throw inProgress();
    };
    return { result: await operation(remember), replayed: false };
  } catch (error) {
    await abandonIdempotencyKey(em, scope, token);
    throw error;
  }
}
