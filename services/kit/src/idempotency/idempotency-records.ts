import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';

export interface IdempotencyScope {
  designerId: number;
  /** The calling app (`api:{client_id}`): two apps' keys never collide. */
  source: string;
  key: string;
}

/**
 * A pending claim this old is taken for one whose request died with its process (a killed pod). It is
 * shorter than a repeat's wait (held-key.ts), so the client's retry of a write whose server was killed
 * takes the key over while it waits, and is answered. Should the first request still be running, it
 * cannot commit its write: its result is recorded in its transaction only under its own claim token.
 */
const ABANDONED_AFTER_SECONDS = 15;

export type IdempotencyClaim =
  { kind: 'claimed'; token: string } | { kind: 'replay'; fingerprint: string; response: unknown } | { kind: 'in_progress'; fingerprint: string };

/**
 * Claims a key for a request with this fingerprint, or reports the earlier use of it. Records
 * older than the TTL count as absent (and are replaced). The primary key makes the claim atomic.
 */
export async function claimIdempotencyKey(em: EntityManager, scope: IdempotencyScope, fingerprint: string, ttlHours: number): Promise<IdempotencyClaim> {
  const params = [scope.designerId, scope.source, scope.key];
  await em.execute(
    `delete from idempotency_record where designer_id = ? and source = ? and key = ?
       and (created_at <= now() - make_interval(hours => ?) or (state = 'pending' and created_at <= now() - make_interval(secs => ?)))`,
    [...params, ttlHours, ABANDONED_AFTER_SECONDS],
  );
  const token = randomUUID();
  const inserted = await em.execute<{ key: string }[]>(
    `insert into idempotency_record (designer_id, source, key, fingerprint, state, claim_token) values (?, ?, ?, ?, 'pending', ?) on conflict do nothing returning key`,
    [...params, fingerprint, token],
  );
  if (inserted.length > 0) return { kind: 'claimed', token };
  const [earlier] = await em.execute<{ fingerprint: string; state: string; response: unknown }[]>(
    'select fingerprint, state, response from idempotency_record where designer_id = ? and source = ? and key = ?',
    params,
  );
  if (!earlier) return claimIdempotencyKey(em, scope, fingerprint, ttlHours);
  return earlier.state === 'done'
    ? { kind: 'replay', fingerprint: earlier.fingerprint, response: earlier.response }
    : { kind: 'in_progress', fingerprint: earlier.fingerprint };
}

/**
 * Records the first result, inside the transaction that made it; false when the claim is no longer
 * ours (it was taken for abandoned and claimed again), and then the caller must roll back.
 */
export async function completeIdempotencyKey(tx: EntityManager, scope: IdempotencyScope, token: string, response: unknown): Promise<boolean> {
  const rows = await tx.execute<{ key: string }[]>(
    `update idempotency_record set state = 'done', response = ? where designer_id = ? and source = ? and key = ? and state = 'pending' and claim_token = ? returning key`,
    [JSON.stringify(response), scope.designerId, scope.source, scope.key, token],
  );
  return rows.length > 0;
}

/** Lets a key be used again after its request failed (only successes are remembered). */
export async function abandonIdempotencyKey(em: EntityManager, scope: IdempotencyScope, token: string): Promise<void> {
  await em.execute(`delete from idempotency_record where designer_id = ? and source = ? and key = ? and state = 'pending' and claim_token = ?`, [
    scope.designerId,
    scope.source,
    scope.key,
    token,
  ]);
}

export async function dropExpiredIdempotencyRecords(em: EntityManager, ttlHours: number): Promise<number> {
  const rows = await em.execute<{ key: string }[]>('delete from idempotency_record where created_at <= now() - make_interval(hours => ?) returning key', [
    ttlHours,
  ]);
  return rows.length;
}
