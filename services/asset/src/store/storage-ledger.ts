import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';

/**
 * A designer's storage: settled bytes (`storage_usage`, moved in the same transaction as the asset
 * rows they count) and bytes promised to uploads in flight (`storage_reservation`). A reservation
 * is taken under the designer's row lock, so concurrent uploads are admitted one at a time against
 * used + reserved and can never together pass the limit. A crashed upload's reservation lapses.
 */
export type Reservation = { granted: true; id: string } | { granted: false; usedBytes: number; reservedBytes: number };

export async function reserveStorage(em: EntityManager, designerId: number, bytes: number, limitBytes: number, ttlSeconds: number): Promise<Reservation> {
  return em.transactional(async (tx) => {
    await tx.execute('insert into storage_usage (designer_id) values (?) on conflict do nothing', [designerId]);
    const [usage] = await tx.execute<{ used_bytes: string }[]>('select used_bytes from storage_usage where designer_id = ? for update', [designerId]);
    const [pending] = await tx.execute<{ reserved: string }[]>(
      'select coalesce(sum(bytes), 0) as reserved from storage_reservation where designer_id = ? and expires_at > now()',
      [designerId],
    );
    const usedBytes = Number(usage?.used_bytes ?? 0);
    const reservedBytes = Number(pending?.reserved ?? 0);
    if (usedBytes + reservedBytes + bytes > limitBytes) return { granted: false, usedBytes, reservedBytes };
    const id = randomUUID();
    await tx.execute(`insert into storage_reservation (id, designer_id, bytes, expires_at) values (?, ?, ?, now() + make_interval(secs => ?))`, [
      id,
      designerId,
      bytes,
      ttlSeconds,
    ]);
    return { granted: true, id };
  });
}

/** Turns a reservation into used bytes; call inside the transaction that records the asset. */
export async function settleReservation(tx: EntityManager, reservationId: string, designerId: number, bytes: number): Promise<void> {
  await tx.execute('delete from storage_reservation where id = ?', [reservationId]);
  await tx.execute('update storage_usage set used_bytes = used_bytes + ? where designer_id = ?', [bytes, designerId]);
}

export async function releaseReservation(em: EntityManager, reservationId: string): Promise<void> {
  await em.execute('delete from storage_reservation where id = ?', [reservationId]);
}

/** Frees a deleted asset's bytes; call inside the transaction that removes its row. */
export async function freeStorage(tx: EntityManager, designerId: number, bytes: number): Promise<void> {
  await tx.execute('update storage_usage set used_bytes = greatest(used_bytes - ?, 0) where designer_id = ?', [bytes, designerId]);
}

export async function usedStorage(em: EntityManager, designerId: number): Promise<number> {
  const [row] = await em.execute<{ used_bytes: string }[]>('select used_bytes from storage_usage where designer_id = ?', [designerId]);
  return Number(row?.used_bytes ?? 0);
}

/** Drops lapsed reservations (their uploads crashed or were killed); they already stopped counting. */
export async function dropLapsedReservations(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ id: string }[]>('delete from storage_reservation where expires_at <= now() returning id');
  return rows.length;
}
