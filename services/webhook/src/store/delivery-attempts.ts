import type { EntityManager } from '@mikro-orm/sql';

// Every attempt of a delivery, kept for the delivery log: written once per attempt (a worker's or
// a ping's), read oldest first, pruned with its delivery (`on delete cascade`).

export interface AttemptRecord {
  deliveryId: string;
  attemptedAt: Date;
  durationMs: number;
  status: number | null;
  errorClass: string | null;
  responseExcerpt: string | null;
}

export async function insertAttempt(tx: EntityManager, attempt: AttemptRecord): Promise<void> {
  await tx.execute('insert into delivery_attempt (delivery_id, attempted_at, duration_ms, status, error_class, response_excerpt) values (?, ?, ?, ?, ?, ?)', [
    attempt.deliveryId,
    attempt.attemptedAt,
    attempt.durationMs,
    attempt.status,
    attempt.errorClass,
    attempt.responseExcerpt,
  ]);
}

/** Every attempt of a delivery, oldest first (across redeliveries). */
export async function listDeliveryAttempts(em: EntityManager, deliveryId: string): Promise<AttemptRecord[]> {
  const rows = await em.execute<
    {
      delivery_id: string;
      attempted_at: Date | string;
      duration_ms: number;
      status: number | null;
      error_class: string | null;
      response_excerpt: string | null;
    }[]
  >('select delivery_id, attempted_at, duration_ms, status, error_class, response_excerpt from delivery_attempt where delivery_id = ? order by id', [
    deliveryId,
  ]);
  return rows.map((row) => ({
    deliveryId: row.delivery_id,
    attemptedAt: row.attempted_at instanceof Date ? row.attempted_at : new Date(row.attempted_at),
    durationMs: row.duration_ms,
    status: row.status,
    errorClass: row.error_class,
    responseExcerpt: row.response_excerpt,
  }));
}
